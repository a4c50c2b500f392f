//! etk's shared test harness.
