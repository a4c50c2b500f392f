// Runs an ExecuTorch program (.pte) with ExecuTorch's own runtime (its loader, memory planning
// and executor, from the executorch wheel's libexecutorch.so) on etk's kernels, checks every
// output against a model test vector (../shared/models/FORMAT.md) and times the method.
//
//   RUNNER MODEL.pte --io FILE [--iters N] [--kernels etk|executorch] [--register]
//
// --kernels etk (the default): etk's kernels as the method's kernel list (searched before
//   ExecuTorch's global table, which in this binary holds only ExecuTorch's prim ops).
//   --register instead adds them to the global table with etk_executorch::register_missing().
// --kernels executorch: the same runner built against ExecuTorch's own kernel libraries
//   (libexecutorch_kernels_optimized and _quantized; build.sh builds it beside this one as
//   RUNNER-executorch), for comparison.
// Exit status: 0 when every output matches, 1 on a mismatch, 2 on any other failure. One
// thread (both); prints the median, min and mean latency of N timed calls after the check.

#include <executorch/extension/module/module.h>
#include <executorch/runtime/core/evalue.h>
#include <executorch/runtime/core/exec_aten/exec_aten.h>
#include <executorch/runtime/core/exec_aten/util/scalar_type_util.h>
#include <executorch/runtime/platform/runtime.h>

#ifdef ETK_RUNNER_EXECUTORCH_KERNELS
#include <executorch/extension/threadpool/threadpool_guard.h>
#else
#include "etk_executorch.h"
#endif
#include "safetensors.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using executorch::aten::ScalarType;
using executorch::aten::Tensor;
using executorch::aten::TensorImpl;
using executorch::extension::Module;
using executorch::runtime::Error;
using executorch::runtime::EValue;
using executorch::runtime::Kernel;
using executorch::runtime::Tag;

namespace {

[[noreturn]] void die(const std::string& msg) {
  std::fprintf(stderr, "runner: %s\n", msg.c_str());
  std::exit(2);
}

size_t elem_size(ScalarType t) {
  return executorch::runtime::elementSize(t);
}

ScalarType dtype_of(const std::string& st) {
  if (st == "F32") return ScalarType::Float;
  if (st == "F64") return ScalarType::Double;
  if (st == "F16") return ScalarType::Half;
  if (st == "BF16") return ScalarType::BFloat16;
  if (st == "I64") return ScalarType::Long;
  if (st == "I32") return ScalarType::Int;
  if (st == "I16") return ScalarType::Short;
  if (st == "I8") return ScalarType::Char;
  if (st == "U8") return ScalarType::Byte;
  if (st == "BOOL") return ScalarType::Bool;
  die("unsupported safetensors dtype " + st);
}

bool is_floating(ScalarType t) {
  return t == ScalarType::Float || t == ScalarType::Double || t == ScalarType::Half ||
         t == ScalarType::BFloat16;
}

double f16_to_double(uint16_t h) {
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double s = (h & 0x8000) ? -1.0 : 1.0;
  if (e == 0) return s * std::ldexp(m, -24);
  if (e == 31) return m ? NAN : s * INFINITY;
  return s * std::ldexp(1024 + m, e - 25);
}

// Element `i` (in memory order) of `data` as a double.
double element(ScalarType t, const void* data, size_t i) {
  const char* p = static_cast<const char*>(data) + i * elem_size(t);
  switch (t) {
    case ScalarType::Float: { float v; std::memcpy(&v, p, 4); return v; }
    case ScalarType::Double: { double v; std::memcpy(&v, p, 8); return v; }
    case ScalarType::Half: { uint16_t v; std::memcpy(&v, p, 2); return f16_to_double(v); }
    case ScalarType::BFloat16: {
      uint16_t v; std::memcpy(&v, p, 2);
      uint32_t u = uint32_t(v) << 16; float f; std::memcpy(&f, &u, 4); return f;
    }
    case ScalarType::Long: { int64_t v; std::memcpy(&v, p, 8); return double(v); }
    case ScalarType::Int: { int32_t v; std::memcpy(&v, p, 4); return v; }
    case ScalarType::Short: { int16_t v; std::memcpy(&v, p, 2); return v; }
    case ScalarType::Char: return int8_t(*p);
    case ScalarType::Byte: return uint8_t(*p);
    case ScalarType::Bool: return *p != 0;
    default: die("unsupported output dtype " + std::to_string(int(t)));
  }
}

int64_t element_int(ScalarType t, const void* data, size_t i) {
  const char* p = static_cast<const char*>(data) + i * elem_size(t);
  if (t == ScalarType::Long) { int64_t v; std::memcpy(&v, p, 8); return v; }
  return int64_t(element(t, data, i));
}

// Memory offset (in elements) of each logical (row-major) index, for a dense tensor with
// `sizes` laid out in `dim_order`.
std::vector<size_t> memory_offsets(const std::vector<int64_t>& sizes, const std::vector<uint8_t>& order) {
  size_t rank = sizes.size(), numel = 1;
  for (auto s : sizes) numel *= size_t(s);
  std::vector<size_t> strides(rank, 1);
  size_t s = 1;
  for (size_t k = rank; k-- > 0;) {
    strides[order[k]] = s;
    s *= size_t(sizes[order[k]]);
  }
  std::vector<size_t> off(numel);
  std::vector<int64_t> idx(rank, 0);
  for (size_t n = 0; n < numel; ++n) {
    size_t o = 0;
    for (size_t d = 0; d < rank; ++d) o += size_t(idx[d]) * strides[d];
    off[n] = o;
    for (size_t d = rank; d-- > 0;) {
      if (++idx[d] < sizes[d]) break;
      idx[d] = 0;
    }
  }
  return off;
}

// An input tensor with its own storage, in the program's dim order.
struct Input {
  std::vector<TensorImpl::SizesType> sizes;
  std::vector<TensorImpl::DimOrderType> dim_order;
  std::vector<TensorImpl::StridesType> strides;
  std::vector<uint8_t> data;
  std::unique_ptr<TensorImpl> impl;
};

std::unique_ptr<Input> make_input(const etk_safetensors::Entry& e, const std::vector<uint8_t>& order) {
  auto in = std::make_unique<Input>();
  ScalarType t = dtype_of(e.dtype);
  size_t es = elem_size(t), rank = e.shape.size();
  in->dim_order = order.size() == rank ? order : std::vector<uint8_t>();
  if (in->dim_order.empty())
    for (size_t d = 0; d < rank; ++d) in->dim_order.push_back(uint8_t(d));
  for (auto s : e.shape) in->sizes.push_back(TensorImpl::SizesType(s));
  in->strides.assign(rank, 1);
  int64_t s = 1;
  for (size_t k = rank; k-- > 0;) {
    in->strides[in->dim_order[k]] = TensorImpl::StridesType(s);
    s *= e.shape[in->dim_order[k]];
  }
  auto off = memory_offsets(e.shape, in->dim_order);
  if (off.size() * es != e.nbytes) die("test vector size does not match its shape");
  in->data.assign(std::max<size_t>(e.nbytes, 1), 0);
  for (size_t n = 0; n < off.size(); ++n) std::memcpy(&in->data[off[n] * es], e.data + n * es, es);
  in->impl = std::make_unique<TensorImpl>(t, ssize_t(rank), in->sizes.data(), in->data.data(),
                                          in->dim_order.data(), in->strides.data(),
                                          executorch::runtime::TensorShapeDynamism::STATIC);
  return in;
}

bool compare(const std::string& name, const EValue& got, const etk_safetensors::Entry& want) {
  ScalarType wt = dtype_of(want.dtype);
  size_t n = 1;
  for (auto s : want.shape) n *= size_t(s);
  if (!got.isTensor()) {
    double g = got.isInt() ? double(got.toInt()) : got.isDouble() ? got.toDouble()
               : got.isBool() ? double(got.toBool()) : NAN;
    double w = n == 1 ? element(wt, want.data, 0) : NAN;
    bool ok = g == w;
    std::printf("%s: %s scalar %g, expected %g\n", name.c_str(), ok ? "ok" : "MISMATCH", g, w);
    return ok;
  }
  const Tensor t = got.toTensor();
  std::vector<int64_t> sizes(t.sizes().begin(), t.sizes().end());
  if (t.scalar_type() != wt || sizes != want.shape) {
    std::printf("%s: MISMATCH dtype %d sizes", name.c_str(), int(t.scalar_type()));
    for (auto s : sizes) std::printf(" %lld", (long long)s);
    std::printf(", expected %s", want.dtype.c_str());
    for (auto s : want.shape) std::printf(" %lld", (long long)s);
    std::printf("\n");
    return false;
  }
  std::vector<uint8_t> order(t.dim_order().begin(), t.dim_order().end());
  auto off = memory_offsets(sizes, order);
  size_t bad = 0;
  double worst = 0;
  if (is_floating(wt)) {
    double scale = 1;
    for (size_t i = 0; i < n; ++i) {
      double w = element(wt, want.data, i);
      if (std::isfinite(w)) scale = std::max(scale, std::fabs(w));
    }
    double rtol = 1e-4, atol = 1e-5 * scale;
    for (size_t i = 0; i < n; ++i) {
      double w = element(wt, want.data, i), g = element(wt, t.const_data_ptr(), off[i]);
      bool ok;
      if (std::isnan(w)) ok = std::isnan(g);
      else if (std::isinf(w)) ok = g == w;
      else {
        double err = std::fabs(g - w);
        worst = std::max(worst, std::isnan(err) ? INFINITY : err);
        ok = err <= atol + rtol * std::fabs(w);
      }
      bad += !ok;
    }
  } else {
    for (size_t i = 0; i < n; ++i) {
      int64_t w = element_int(wt, want.data, i), g = element_int(wt, t.const_data_ptr(), off[i]);
      worst = std::max(worst, std::fabs(double(g) - double(w)));
      bad += g != w;
    }
  }
  std::printf("%s: %s %s, largest error %.3e, %zu elements outside\n", name.c_str(),
              bad == 0 ? "ok" : "MISMATCH", want.dtype.c_str(), worst, bad);
  return bad == 0;
}

void check(Error e, const std::string& what) {
  if (e != Error::Ok) die(what + " failed: error " + std::to_string(int(e)));
}

}  // namespace

static int run(int argc, char** argv) {
  std::string model, io, kernels = "etk";
  int iters = 0;
  bool reg = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--io" && i + 1 < argc) io = argv[++i];
    else if (a == "--iters" && i + 1 < argc) iters = std::atoi(argv[++i]);
    else if (a == "--kernels" && i + 1 < argc) kernels = argv[++i];
    else if (a == "--register") reg = true;
    else if (model.empty() && a[0] != '-') model = a;
    else die("unknown argument " + a);
  }
  if (model.empty() || io.empty())
    die("usage: runner MODEL.pte --io FILE [--iters N] [--kernels etk|executorch] [--register]");
#ifdef ETK_RUNNER_EXECUTORCH_KERNELS
  if (kernels != "executorch") die("this build runs ExecuTorch's kernels: --kernels executorch");
  if (reg) die("--register is for etk's kernels");
  // One thread: ExecuTorch's kernels run on its threadpool unless switched off for this thread
  // (etk's run on one unless given a pool with etk_executorch::set_parallel).
  executorch::extension::threadpool::NoThreadPoolGuard one_thread;
#else
  if (kernels == "executorch") {
    // The same runner, built against ExecuTorch's kernel libraries (build.sh).
    std::string self = argv[0], other = self + "-executorch";
    execv(other.c_str(), argv);
    die("cannot run " + other + ": " + std::strerror(errno));
  }
  if (kernels != "etk") die("--kernels is etk or executorch");
#endif
  executorch::runtime::runtime_init();

  std::vector<Kernel> list;
#ifndef ETK_RUNNER_EXECUTORCH_KERNELS
  if (reg) {
    auto added = etk_executorch::register_missing();
    if (!added.ok()) die("register_missing failed");
    auto again = etk_executorch::register_missing();  // a second call adds nothing
    if (!again.ok() || *again != 0) die("register_missing added duplicates");
    std::printf("registered %zu etk kernels\n", *added);
  } else {
    auto k = etk_executorch::kernels();
    list.assign(k.begin(), k.end());
  }
#endif
  etk_safetensors::File vectors(io);
  const auto& md = vectors.metadata();
  auto count = [&](const char* k) -> size_t {
    auto it = md.find(k);
    if (it == md.end()) die(io + ": metadata has no " + k);
    return size_t(std::stoul(it->second));
  };
  size_t n_in = count("n_inputs"), n_out = count("n_outputs");
  size_t steps = md.count("n_steps") ? count("n_steps") : 0;

  Module module(model, Module::LoadMode::File);
  check(module.load_method("forward", nullptr, nullptr, nullptr, list), "load_method");
  auto meta = module.method_meta("forward");
  if (!meta.ok()) die("method_meta failed");
  if (meta->num_inputs() != n_in || meta->num_outputs() != n_out)
    die(io + ": input/output counts differ from the method's");

  std::vector<std::unique_ptr<Input>> inputs;
  auto set_inputs = [&](const std::string& prefix) {
    inputs.clear();
    for (size_t i = 0; i < n_in; ++i) {
      std::string name = prefix + "input_" + std::to_string(i);
      const auto& e = vectors.get(name);
      auto kind = md.find("input_" + std::to_string(i) + "_kind");
      EValue v;
      if (kind != md.end()) {
        double x = element(dtype_of(e.dtype), e.data, 0);
        if (kind->second == "int") v = EValue(int64_t(element_int(dtype_of(e.dtype), e.data, 0)));
        else if (kind->second == "bool") v = EValue(x != 0);
        else v = EValue(x);
      } else {
        std::vector<uint8_t> order;
        auto tm = meta->input_tensor_meta(i);
        if (tm.ok()) order.assign(tm->dim_order().begin(), tm->dim_order().end());
        inputs.push_back(make_input(e, order));
        v = EValue(Tensor(inputs.back()->impl.get()));
      }
      check(module.set_input("forward", v, i), "set_input " + name);
    }
  };

  bool all = true;
  std::string prefix;
  for (size_t k = 0; k < std::max<size_t>(steps, 1); ++k) {
    prefix = steps ? "s" + std::to_string(k) + "." : "";
    set_inputs(prefix);
    auto outs = module.execute("forward");
    if (!outs.ok()) die("execute failed: error " + std::to_string(int(outs.error())));
    for (size_t j = 0; j < n_out; ++j) {
      std::string name = prefix + "output_" + std::to_string(j);
      all &= compare(name, (*outs)[j], vectors.get(name));
    }
  }
  std::printf("%s\n", all ? "all outputs match" : "MISMATCH");

  if (iters > 0) {
    // The last call's inputs again (a stateful program keeps evolving its state: the latency
    // of a call is what is measured, not its values).
    std::vector<double> us;
    for (int i = 0; i < iters; ++i) {
      set_inputs(prefix);  // not timed: Module forgets inputs after a call
      auto t0 = std::chrono::steady_clock::now();
      auto outs = module.execute("forward");
      auto t1 = std::chrono::steady_clock::now();
      if (!outs.ok()) die("execute failed while timing");
      us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
    std::sort(us.begin(), us.end());
    double mean = 0;
    for (double u : us) mean += u;
    mean /= double(us.size());
    std::printf("latency: median %.2f us, min %.2f us, mean %.2f us over %d calls (kernels=%s)\n",
                us[us.size() / 2], us.front(), mean, iters, kernels.c_str());
  }
  return all ? 0 : 1;
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    die(e.what());  // a missing file, a malformed test vector
  }
}
