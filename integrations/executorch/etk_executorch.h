// etk's kernels inside ExecuTorch's own runtime, through etk's C ABI (capi/include/etk.h).
//
//   auto kernels = etk_executorch::kernels();          // every etk kernel, as ExecuTorch's list
//   program->load_method("forward", &memory_manager, nullptr, nullptr, nullptr, kernels);
//   module.load_method("forward", nullptr, nullptr, nullptr, {kernels.begin(), kernels.end()});
//
// A per-method kernel list is searched before ExecuTorch's global table, so etk serves every
// operator it has and the global table (ExecuTorch's prim ops, any kernel library linked) the
// rest. register_missing() instead adds etk's kernels to the global table under the names not
// there yet (ExecuTorch aborts the process on a duplicate name, so this never adds one).
//
// Each kernel is a trampoline: it converts each distinct EValue of the call once (tensors by
// their TensorImpl, read through its accessors), calls etk_kernel_call, resizes dynamic outs
// with ExecuTorch's resize_tensor (etk asks before growing one past its current size, so the
// memory plan's bound holds), re-points outs that became views (et_view), writes scalar
// returns, and reports a failure through ctx.fail() and ExecuTorch's log.
#pragma once

#include <etk.h>

#include <executorch/runtime/core/span.h>
#include <executorch/runtime/core/result.h>
#include <executorch/runtime/kernel/operator_registry.h>

#include <cstddef>

namespace etk_executorch {

// etk's kernels (its default registry: optimized over portable, quantized, prim ops), named
// as ExecuTorch names operators, each with the fallback key (any dtype, any dim order).
// Built on first use; valid for the life of the process.
executorch::runtime::Span<const executorch::runtime::Kernel> kernels();

// Adds to ExecuTorch's global table every etk kernel whose name has no kernel there yet, and
// returns how many it added.
executorch::runtime::Result<size_t> register_missing();

// The host's thread pool for etk's parallel sections (etk_context's parallel_for); null for
// one thread (the default). Set it before running methods.
void set_parallel(etk_parallel_fn parallel_for, void* user, size_t num_threads);

}  // namespace etk_executorch
