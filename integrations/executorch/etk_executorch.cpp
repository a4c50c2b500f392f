// etk's kernels as ExecuTorch kernels: one trampoline per etk kernel, converting ExecuTorch's
// boxed values to etk's C values and back. See etk_executorch.h.

#include "etk_executorch.h"

#include <executorch/runtime/core/evalue.h>
#include <executorch/runtime/core/exec_aten/util/tensor_util.h>
#include <executorch/runtime/kernel/kernel_runtime_context.h>
#include <executorch/runtime/platform/log.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

namespace etk_executorch {
namespace {

using executorch::aten::Tensor;
using executorch::aten::TensorImpl;
using executorch::runtime::Error;
using executorch::runtime::EValue;
using executorch::runtime::Kernel;
using executorch::runtime::KernelRuntimeContext;
using executorch::runtime::OpFunction;
using executorch::runtime::Span;

// More than etk has kernels; a trampoline is a few instructions.
constexpr size_t kMaxKernels = 1024;
// Scratch memory per thread: what etk-run gives its kernels, grown on demand up to the limit.
constexpr size_t kScratchStart = size_t(32) << 20;
constexpr size_t kScratchLimit = size_t(1) << 30;

struct Threads {
  etk_parallel_fn parallel_for = nullptr;
  void* user = nullptr;
  size_t num_threads = 1;
};
Threads g_threads;

// What one call needs, kept per thread so that a call allocates nothing once the vectors have
// grown to the largest call.
struct CallState {
  std::vector<etk_value> values;     // one per distinct EValue of the stack
  std::vector<etk_value> original;   // the same, as converted (to see what the kernel wrote)
  std::vector<EValue*> evalues;      // the distinct EValues, parallel to `values`
  std::vector<etk_value*> stack;     // per stack slot: its value
  std::vector<etk_tensor> tensors;   // one per distinct TensorImpl
  std::vector<TensorImpl*> impls;    // parallel to `tensors`
  std::vector<etk_tensor*> items;    // members of tensor lists
  uint8_t* scratch = nullptr;
  size_t scratch_len = 0;
  uint64_t rng_offset = 0;
  ~CallState() { std::free(scratch); }
};
thread_local CallState t_state;

etk_status resize(void*, etk_tensor* t, const int64_t* sizes, uint32_t dim) {
  auto* impl = static_cast<TensorImpl*>(t->host);
  if (impl == nullptr || dim > ETK_MAX_DIM) return ETK_INVALID_ARGUMENT;
  TensorImpl::SizesType s[ETK_MAX_DIM];
  for (uint32_t i = 0; i < dim; ++i) {
    if (sizes[i] < 0 || sizes[i] > INT32_MAX) return ETK_INVALID_ARGUMENT;
    s[i] = static_cast<TensorImpl::SizesType>(sizes[i]);
  }
  Error e = executorch::runtime::resize_tensor(Tensor(impl), {s, dim});
  return static_cast<etk_status>(e);
}

etk_tensor* tensor_slot(CallState& s, size_t& n_tensors, TensorImpl* impl) {
  for (size_t i = 0; i < n_tensors; ++i)
    if (s.impls[i] == impl) return &s.tensors[i];
  etk_tensor& t = s.tensors[n_tensors];
  s.impls[n_tensors++] = impl;
  std::memset(&t, 0, sizeof t);
  t.host = impl;
  if (impl == nullptr) return &t;  // etk reports a tensor without memory or shape
  t.data = impl->mutable_data();
  t.capacity = impl->nbytes();
  const auto dim = static_cast<size_t>(impl->dim());
  t.dim = static_cast<uint32_t>(dim);  // etk rejects a rank past ETK_MAX_DIM
  const auto sizes = impl->sizes();
  const auto order = impl->dim_order();
  for (size_t d = 0; d < dim && d < ETK_MAX_DIM; ++d) {
    t.sizes[d] = sizes[d];
    t.dim_order[d] = order.data() != nullptr ? order[d] : static_cast<uint8_t>(d);
  }
  t.dtype = static_cast<etk_dtype>(impl->scalar_type());
  t.dynamism = static_cast<etk_dynamism>(impl->shape_dynamism());
  // ExecuTorch has no read-only tensors and its schemas' (a!) outs stand anywhere (et_copy_index
  // writes its first argument, batch norm its running stats): every tensor is writable, as in
  // etk's own runtime. etk's kernels write only their outs.
  t.writable = 1;
  return &t;
}

// Converts one EValue; returns false (with `why`) if ExecuTorch's own accessor refuses it.
bool convert(CallState& s, size_t& n_tensors, size_t& n_items, const EValue& ev, etk_value& v,
             Error& why) {
  std::memset(&v, 0, sizeof v);
  auto list_of = [&](auto&& list, auto&& impl_of) {
    etk_tensor** first = s.items.data() + n_items;
    for (const auto& member : list) s.items[n_items++] = impl_of(member);
    v.payload.as_tensor_list.items = first;
    v.payload.as_tensor_list.len = list.size();
  };
  if (ev.isNone()) {
    v.tag = ETK_TAG_NONE;
  } else if (ev.isInt()) {
    v.tag = ETK_TAG_INT;
    v.payload.as_int = ev.toInt();
  } else if (ev.isDouble()) {
    v.tag = ETK_TAG_DOUBLE;
    v.payload.as_double = ev.toDouble();
  } else if (ev.isBool()) {
    v.tag = ETK_TAG_BOOL;
    v.payload.as_bool = ev.toBool() ? 1 : 0;
  } else if (ev.isTensor()) {
    v.tag = ETK_TAG_TENSOR;
    v.payload.as_tensor = tensor_slot(s, n_tensors, ev.toTensor().unsafeGetTensorImpl());
  } else if (ev.isString()) {
    auto r = ev.tryToString();
    if (!r.ok()) return why = r.error(), false;
    v.tag = ETK_TAG_STRING;
    v.payload.as_string = {r->data(), r->size()};
  } else if (ev.isIntList()) {
    auto r = ev.tryToIntList();
    if (!r.ok()) return why = r.error(), false;
    v.tag = ETK_TAG_LIST_INT;
    v.payload.as_int_list = {r->data(), r->size()};
  } else if (ev.isDoubleList()) {
    auto r = ev.tryToDoubleList();
    if (!r.ok()) return why = r.error(), false;
    v.tag = ETK_TAG_LIST_DOUBLE;
    v.payload.as_double_list = {r->data(), r->size()};
  } else if (ev.isBoolList()) {
    auto r = ev.tryToBoolList();
    if (!r.ok()) return why = r.error(), false;
    v.tag = ETK_TAG_LIST_BOOL;
    static_assert(sizeof(bool) == 1, "etk reads bools as bytes");
    v.payload.as_bool_list = {reinterpret_cast<const uint8_t*>(r->data()), r->size()};
  } else if (ev.isTensorList()) {
    auto r = ev.tryToTensorList();
    if (!r.ok()) return why = r.error(), false;
    v.tag = ETK_TAG_LIST_TENSOR;
    list_of(*r, [&](const Tensor& t) { return tensor_slot(s, n_tensors, t.unsafeGetTensorImpl()); });
  } else if (ev.isListOptionalTensor()) {
    auto r = ev.tryToListOptionalTensor();
    if (!r.ok()) return why = r.error(), false;
    v.tag = ETK_TAG_LIST_OPTIONAL_TENSOR;
    list_of(*r, [&](const std::optional<Tensor>& t) {
      return t.has_value() ? tensor_slot(s, n_tensors, t->unsafeGetTensorImpl()) : nullptr;
    });
  } else {
    v.tag = ETK_TAG_LIST_SCALAR;  // etk takes no scalar lists: it reports the tag
  }
  return true;
}

// How many tensors and list members a stack may need (an upper bound: before dedup).
std::pair<size_t, size_t> counts(Span<EValue*> stack) {
  size_t tensors = 0, items = 0;
  for (EValue* ev : stack) {
    if (ev == nullptr) continue;
    if (ev->isTensor()) {
      ++tensors;
    } else if (ev->isTensorList()) {
      auto r = ev->tryToTensorList();
      if (r.ok()) tensors += r->size(), items += r->size();
    } else if (ev->isListOptionalTensor()) {
      auto r = ev->tryToListOptionalTensor();
      if (r.ok()) tensors += r->size(), items += r->size();
    }
  }
  return {tensors, items};
}

bool same_scalar(const etk_value& a, const etk_value& b) {
  if (a.tag != b.tag) return false;
  switch (a.tag) {
    case ETK_TAG_INT: return a.payload.as_int == b.payload.as_int;
    case ETK_TAG_DOUBLE: return std::memcmp(&a.payload.as_double, &b.payload.as_double, 8) == 0;
    case ETK_TAG_BOOL: return a.payload.as_bool == b.payload.as_bool;
    default: return true;
  }
}

void call_kernel(size_t index, KernelRuntimeContext& ctx, Span<EValue*> stack) {
  CallState& s = t_state;
  const size_t n = stack.size();
  auto [max_tensors, max_items] = counts(stack);
  if (s.values.size() < n) {
    s.values.resize(n);
    s.original.resize(n);
    s.evalues.resize(n);
    s.stack.resize(n);
  }
  if (s.tensors.size() < max_tensors) {
    s.tensors.resize(max_tensors);
    s.impls.resize(max_tensors);
  }
  if (s.items.size() < max_items) s.items.resize(max_items);

  // Each distinct EValue once, each distinct TensorImpl once.
  size_t n_values = 0, n_tensors = 0, n_items = 0;
  for (size_t i = 0; i < n; ++i) {
    EValue* ev = stack[i];
    size_t j = 0;
    while (j < n_values && s.evalues[j] != ev) ++j;
    if (j == n_values) {
      s.evalues[j] = ev;
      Error why = Error::Ok;
      if (ev == nullptr) {
        std::memset(&s.values[j], 0, sizeof(etk_value));
        s.values[j].tag = ETK_TAG_LIST_SCALAR;  // reported by etk as a value it cannot take
      } else if (!convert(s, n_tensors, n_items, *ev, s.values[j], why)) {
        ET_LOG(Error, "etk: %s: argument %zu is malformed", etk_kernel_name(index), i);
        ctx.fail(why);
        return;
      }
      s.original[j] = s.values[j];
      ++n_values;
    }
    s.stack[i] = &s.values[j];
  }

  char message[512] = {0};
  etk_context c = etk_context_default();
  c.num_threads = g_threads.num_threads;
  c.parallel_for = g_threads.parallel_for;
  c.parallel_user = g_threads.user;
  c.resize = resize;
  c.rng_offset = s.rng_offset;
  c.error = message;
  c.error_len = sizeof message;
  etk_status status;
  for (;;) {
    if (s.scratch == nullptr) {
      // malloc, not a vector: pages never touched are never committed.
      s.scratch = static_cast<uint8_t*>(std::malloc(kScratchStart));
      s.scratch_len = s.scratch != nullptr ? kScratchStart : 0;
    }
    c.scratch = s.scratch;
    c.scratch_len = s.scratch_len;
    status = etk_kernel_call(index, &c, s.stack.data(), n);
    if (status != ETK_MEMORY_ALLOCATION_FAILED || s.scratch_len >= kScratchLimit) break;
    // A kernel wanted more scratch than this thread has: a larger buffer, the call again.
    uint8_t* larger = static_cast<uint8_t*>(std::malloc(s.scratch_len * 4));
    if (larger == nullptr) break;
    std::free(s.scratch);
    s.scratch = larger;
    s.scratch_len *= 4;
  }
  s.rng_offset = c.rng_offset;
  if (status != ETK_OK) {
    ET_LOG(Error, "etk: %s", message);
    ctx.fail(static_cast<Error>(status));
    return;
  }
  // Outs that became views of other memory (et_view); resized outs went through resize().
  for (size_t i = 0; i < n_tensors; ++i) {
    etk_tensor& t = s.tensors[i];
    if (t.writable != 0 && s.impls[i] != nullptr && t.data != s.impls[i]->mutable_data())
      s.impls[i]->set_data(t.data);
  }
  // Scalar results (sym_size.int, executorch_prim::*) into their EValues.
  for (size_t j = 0; j < n_values; ++j) {
    const etk_value& v = s.values[j];
    if (s.evalues[j] == nullptr || same_scalar(v, s.original[j])) continue;
    switch (v.tag) {
      case ETK_TAG_INT: *s.evalues[j] = EValue(v.payload.as_int); break;
      case ETK_TAG_DOUBLE: *s.evalues[j] = EValue(v.payload.as_double); break;
      case ETK_TAG_BOOL: *s.evalues[j] = EValue(v.payload.as_bool != 0); break;
      default: break;
    }
  }
}

template <size_t I>
void trampoline(KernelRuntimeContext& ctx, Span<EValue*> stack) {
  call_kernel(I, ctx, stack);
}

template <size_t... I>
constexpr std::array<OpFunction, sizeof...(I)> make_trampolines(std::index_sequence<I...>) {
  return {&trampoline<I>...};
}

constexpr std::array<OpFunction, kMaxKernels> kTrampolines =
    make_trampolines(std::make_index_sequence<kMaxKernels>{});

}  // namespace

Span<const Kernel> kernels() {
  static const std::vector<Kernel> list = [] {
    std::vector<Kernel> v;
    const size_t n = etk_kernel_count();
    if (n > kMaxKernels)
      ET_LOG(Error, "etk: %zu kernels, only the first %zu are offered", n, kMaxKernels);
    for (size_t i = 0; i < n && i < kMaxKernels; ++i) v.emplace_back(etk_kernel_name(i), kTrampolines[i]);
    return v;
  }();
  return {list.data(), list.size()};
}

executorch::runtime::Result<size_t> register_missing() {
  const auto existing = executorch::runtime::get_registered_kernels();
  std::vector<Kernel> missing;
  for (const Kernel& k : kernels()) {
    bool present = false;
    for (const Kernel& e : existing) present = present || std::strcmp(e.name_, k.name_) == 0;
    if (!present) missing.push_back(k);
  }
  if (missing.empty()) return size_t(0);
  Error e = executorch::runtime::register_kernels({missing.data(), missing.size()});
  if (e != Error::Ok) return e;
  return missing.size();
}

void set_parallel(etk_parallel_fn parallel_for, void* user, size_t num_threads) {
  g_threads.parallel_for = parallel_for;
  g_threads.user = user;
  g_threads.num_threads = parallel_for != nullptr && num_threads > 1 ? num_threads : 1;
}

}  // namespace etk_executorch
