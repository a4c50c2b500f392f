//! One module per operator.
