// ExecuTorch's own kernels (the executorch 1.5.1 wheel's libexecutorch_kernels_optimized.so:
// its optimized kernels, and its portable kernels for the ops it does not optimize), timed on
// opbench's calls: the same op names, shapes, dtypes, input values and argument values, the
// boxed kernel looked up by name in ExecuTorch's registry and called the way its runtime calls
// it. One thread (ExecuTorch's threadpool is switched off for this thread). Prints one line per
// measurement, as opbench does:
//
//   etbench OP DTYPE SHAPE... [--other SHAPE] [--to DTYPE]
//   etbench --list          (the kernels the library registers)
//
// Built by build.sh in this folder; never part of CI.

#include <executorch/extension/threadpool/threadpool_guard.h>
#include <executorch/runtime/core/evalue.h>
#include <executorch/runtime/core/exec_aten/exec_aten.h>
#include <executorch/runtime/kernel/kernel_runtime_context.h>
#include <executorch/runtime/kernel/operator_registry.h>
#include <executorch/runtime/platform/runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using executorch::aten::ArrayRef;
using executorch::aten::DimOrderType;
using executorch::aten::Scalar;
using executorch::aten::ScalarType;
using executorch::aten::SizesType;
using executorch::aten::StridesType;
using executorch::aten::Tensor;
using executorch::aten::TensorImpl;
using executorch::runtime::EValue;
using executorch::runtime::KernelRuntimeContext;
using executorch::runtime::OpFunction;
using executorch::runtime::Span;

namespace {

// The values opbench puts in its tensors (benches/src/cli.rs): lo + (hi - lo) * ((i * 7919) %
// 1000) / 1000, rounded to the dtype.
constexpr double kScalarOther = 1.25, kClampMin = 0.75, kClampMax = 1.5;

[[noreturn]] void die(const std::string& msg) {
  std::fprintf(stderr, "etbench: %s\n", msg.c_str());
  std::exit(1);
}

size_t elem_size(ScalarType t) {
  switch (t) {
    case ScalarType::Bool:
    case ScalarType::Byte:
    case ScalarType::Char:
      return 1;
    case ScalarType::Short:
    case ScalarType::Half:
    case ScalarType::BFloat16:
      return 2;
    case ScalarType::Int:
    case ScalarType::Float:
      return 4;
    default:
      return 8;
  }
}

ScalarType parse_dtype(const std::string& s) {
  if (s == "f32" || s == "float") return ScalarType::Float;
  if (s == "f16" || s == "half") return ScalarType::Half;
  if (s == "bf16" || s == "bfloat16") return ScalarType::BFloat16;
  if (s == "f64" || s == "double") return ScalarType::Double;
  if (s == "i32" || s == "int") return ScalarType::Int;
  if (s == "i64" || s == "long") return ScalarType::Long;
  if (s == "i16") return ScalarType::Short;
  if (s == "i8") return ScalarType::Char;
  if (s == "u8") return ScalarType::Byte;
  if (s == "bool") return ScalarType::Bool;
  die("unknown dtype " + s);
}

std::vector<int64_t> parse_shape(const std::string& s) {
  std::vector<int64_t> out;
  if (s == "scalar") return out;
  size_t pos = 0;
  while (pos <= s.size()) {
    size_t x = s.find('x', pos);
    if (x == std::string::npos) x = s.size();
    out.push_back(std::stoll(s.substr(pos, x - pos)));
    pos = x + 1;
  }
  return out;
}

// float -> bf16 / f16 bits, round to nearest even (the values here are normal and finite).
uint16_t to_bf16(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return uint16_t((u + 0x7fff + ((u >> 16) & 1)) >> 16);
}
uint16_t to_f16(float f) {
  return executorch::aten::Half(f).x;
}

// A tensor with its own 64-byte aligned storage and metadata (contiguous).
struct Owned {
  std::vector<SizesType> sizes;
  std::vector<DimOrderType> dim_order;
  std::vector<StridesType> strides;
  void* data = nullptr;
  std::unique_ptr<TensorImpl> impl;
  size_t numel = 1;
  ScalarType dtype;

  Owned(ScalarType t, const std::vector<int64_t>& shape) : dtype(t) {
    for (auto d : shape) {
      sizes.push_back(SizesType(d));
      numel *= size_t(d);
    }
    strides.resize(shape.size());
    int64_t s = 1;
    for (int i = int(shape.size()) - 1; i >= 0; --i) {
      strides[i] = StridesType(s);
      s *= shape[i];
    }
    for (size_t i = 0; i < shape.size(); ++i) dim_order.push_back(DimOrderType(i));
    size_t bytes = std::max<size_t>(64, (numel * elem_size(t) + 63) / 64 * 64);
    data = std::aligned_alloc(64, bytes);
    std::memset(data, 0, bytes);
    impl = std::make_unique<TensorImpl>(
        t, ssize_t(shape.size()), sizes.data(), data, dim_order.data(), strides.data());
  }
  ~Owned() { std::free(data); }
  Tensor tensor() { return Tensor(impl.get()); }

  void fill(double lo, double hi) {
    for (size_t i = 0; i < numel; ++i) {
      double v = lo + (hi - lo) * double((i * 7919) % 1000) / 1000.0;
      set(i, v);
    }
  }
  void set(size_t i, double v) {
    char* p = static_cast<char*>(data);
    switch (dtype) {
      case ScalarType::Float: reinterpret_cast<float*>(p)[i] = float(v); break;
      case ScalarType::Double: reinterpret_cast<double*>(p)[i] = v; break;
      case ScalarType::Half: reinterpret_cast<uint16_t*>(p)[i] = to_f16(float(v)); break;
      case ScalarType::BFloat16: reinterpret_cast<uint16_t*>(p)[i] = to_bf16(float(v)); break;
      case ScalarType::Int: reinterpret_cast<int32_t*>(p)[i] = int32_t(v); break;
      case ScalarType::Long: reinterpret_cast<int64_t*>(p)[i] = int64_t(v); break;
      case ScalarType::Short: reinterpret_cast<int16_t*>(p)[i] = int16_t(v); break;
      case ScalarType::Char: reinterpret_cast<int8_t*>(p)[i] = int8_t(v); break;
      case ScalarType::Byte: reinterpret_cast<uint8_t*>(p)[i] = uint8_t(v); break;
      case ScalarType::Bool: reinterpret_cast<bool*>(p)[i] = v != 0.0; break;
      default: die("dtype not supported by the harness");
    }
  }
  double get(size_t i) const {
    const char* p = static_cast<const char*>(data);
    switch (dtype) {
      case ScalarType::Float: return reinterpret_cast<const float*>(p)[i];
      case ScalarType::Bool: return reinterpret_cast<const bool*>(p)[i];
      default: return NAN;
    }
  }
};

// Median seconds per call over `samples` batches, each long enough to read (as opbench's
// timing.rs and torch_eager.py do).
template <class F>
double median_per_call(int samples, double min_s, F&& f) {
  using clock = std::chrono::steady_clock;
  f();
  size_t reps = 1;
  for (;;) {
    auto t = clock::now();
    for (size_t i = 0; i < reps; ++i) f();
    double s = std::chrono::duration<double>(clock::now() - t).count();
    if (s > min_s / 4) break;
    reps *= 2;
  }
  std::vector<double> ts;
  for (int k = 0; k < samples; ++k) {
    auto t = clock::now();
    for (size_t i = 0; i < reps; ++i) f();
    ts.push_back(std::chrono::duration<double>(clock::now() - t).count() / reps);
  }
  std::sort(ts.begin(), ts.end());
  return ts[ts.size() / 2];
}

bool contains(const char* const* list, const std::string& s) {
  for (; *list; ++list)
    if (s == *list) return true;
  return false;
}

const char* const kBinary[] = {"add", "sub", "mul", "div", "maximum", "minimum", nullptr};
const char* const kCompare[] = {"eq", "ne", "lt", "le", "gt", "ge", nullptr};
const char* const kUnary[] = {"exp", "log", "tanh", "sigmoid", "erf", "sqrt", "rsqrt", "relu",
                              "neg", "abs", "sin", "cos", "gelu", "elu", nullptr};

}  // namespace

int main(int argc, char** argv) {
  executorch::runtime::runtime_init();
  std::vector<std::string> pos;
  std::vector<int64_t> other;
  bool has_other = false;
  ScalarType to = ScalarType::Float;
  bool has_to = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--list") {
      for (auto& k : executorch::runtime::get_registered_kernels())
        std::printf("%s\n", k.name_);
      return 0;
    }
    if (a == "--other" && i + 1 < argc) {
      other = parse_shape(argv[++i]);
      has_other = true;
    } else if (a == "--to" && i + 1 < argc) {
      to = parse_dtype(argv[++i]);
      has_to = true;
    } else {
      pos.push_back(a);
    }
  }
  if (pos.size() < 3) die("usage: etbench OP DTYPE SHAPE... [--other SHAPE] [--to DTYPE]");
  std::string op = pos[0];
  ScalarType dt = parse_dtype(pos[1]);
  std::vector<std::vector<int64_t>> shapes;
  for (size_t i = 2; i < pos.size(); ++i) shapes.push_back(parse_shape(pos[i]));
  if (has_other) shapes.push_back(other);

  std::string base = op, overload;
  if (auto dot = op.find('.'); dot != std::string::npos) {
    base = op.substr(0, dot);
    overload = op.substr(dot + 1);
  } else if (contains(kCompare, op)) {
    overload = "Tensor_out";
  } else if (op == "where") {
    overload = "self_out";
  } else {
    overload = "out";
  }
  if (base == "to_copy") base = "_to_copy";
  std::string name = "aten::" + base + "." + overload;

  // Tensors (owned), then the boxed arguments in schema order, the out last.
  std::vector<std::unique_ptr<Owned>> ts;
  auto tensor = [&](ScalarType t, const std::vector<int64_t>& s, double lo, double hi) {
    ts.push_back(std::make_unique<Owned>(t, s));
    ts.back()->fill(lo, hi);
    return ts.back().get();
  };
  std::vector<EValue> args;
  const auto& shape = shapes[0];
  std::vector<int64_t> out_shape = shape;
  ScalarType out_dtype = dt;
  char approximate_text[] = "none";
  ArrayRef<char> approximate(approximate_text, 4);
  char trunc_text[] = "trunc";
  ArrayRef<char> trunc_chars(trunc_text, 5);
  // rounding_mode is `str?`: an optional string, boxed as a String EValue.
  ArrayRef<char>* trunc_mode = &trunc_chars;
  bool cmp = contains(kCompare, base);
  if ((contains(kBinary, base) || cmp) && (overload == "out" || overload == "Tensor_out")) {
    auto o = shapes.size() > 1 ? shapes[1] : shape;
    args.emplace_back(tensor(dt, shape, 0.5, 2.0)->tensor());
    args.emplace_back(tensor(dt, o, 0.5, 2.0)->tensor());
    if (base == "add" || base == "sub") args.emplace_back(Scalar(int64_t(1)));
    if (cmp) out_dtype = ScalarType::Bool;
  } else if (base == "div" && (overload == "out_mode" || overload == "Scalar_mode_out")) {
    args.emplace_back(tensor(dt, shape, 0.5, 2.0)->tensor());
    if (overload == "out_mode")
      args.emplace_back(tensor(dt, shape, 0.5, 2.0)->tensor());
    else
      args.emplace_back(Scalar(kScalarOther));
    args.emplace_back(trunc_mode);
  } else if (base == "clamp" && overload == "Tensor_out") {
    args.emplace_back(tensor(dt, shape, 0.5, 2.0)->tensor());
    args.emplace_back(tensor(dt, shape, kClampMin - 0.25, kClampMin + 0.25)->tensor());
    args.emplace_back(tensor(dt, shape, kClampMax - 0.25, kClampMax + 0.25)->tensor());
  } else if ((contains(kBinary, base) || cmp) && overload == "Scalar_out") {
    args.emplace_back(tensor(dt, shape, 0.5, 2.0)->tensor());
    args.emplace_back(Scalar(kScalarOther));
    if (base == "add" || base == "sub") args.emplace_back(Scalar(int64_t(1)));
    if (cmp) out_dtype = ScalarType::Bool;
  } else if (contains(kUnary, base)) {
    bool wide = base == "gelu" || base == "tanh" || base == "elu";
    args.emplace_back(tensor(dt, shape, wide ? -3.0 : 0.25, 3.0)->tensor());
    if (base == "gelu") args.emplace_back(&approximate);
    if (base == "elu")  // alpha, scale, input_scale
      for (int i = 0; i < 3; ++i) args.emplace_back(Scalar(int64_t(1)));
  } else if ((base == "clamp" || base == "hardtanh") && overload == "out") {
    args.emplace_back(tensor(dt, shape, 0.5, 2.0)->tensor());
    args.emplace_back(Scalar(kClampMin));
    args.emplace_back(Scalar(kClampMax));
  } else if (base == "where") {
    auto o = shapes.size() > 1 ? shapes[1] : shape;
    Owned* c = tensor(ScalarType::Bool, shape, 0, 0);
    for (size_t i = 0; i < c->numel; ++i) c->set(i, i % 3 == 0);
    args.emplace_back(c->tensor());
    args.emplace_back(tensor(dt, shape, 0.5, 2.0)->tensor());
    args.emplace_back(tensor(dt, o, 0.5, 2.0)->tensor());
  } else if (base == "_to_copy") {
    if (!has_to) die("to_copy needs --to DTYPE");
    args.emplace_back(tensor(dt, shape, -100.0, 100.0)->tensor());
    args.emplace_back(false);
    args.emplace_back();  // memory_format: None
    out_dtype = to;
  } else if (base == "mm" || base == "linear" || base == "addmm") {
    if (shapes.size() < 2) die(base + " needs two shapes");
    auto a = shapes[0], w = shapes[1];
    int64_t m = a[0], n = base == "linear" ? w[0] : w[1];
    Owned* ta = tensor(dt, a, -1.0, 1.0);
    Owned* tw = tensor(dt, w, -1.0, 1.0);
    if (base == "addmm") {
      Owned* bias = tensor(dt, {n}, -1.0, 1.0);
      args.emplace_back(bias->tensor());
      args.emplace_back(ta->tensor());
      args.emplace_back(tw->tensor());
      args.emplace_back(Scalar(int64_t(1)));
      args.emplace_back(Scalar(int64_t(1)));
    } else {
      args.emplace_back(ta->tensor());
      args.emplace_back(tw->tensor());
      if (base == "linear") args.emplace_back();  // bias: None
    }
    out_shape = {m, n};
  } else if (base == "bmm") {
    if (shapes.size() < 2) die("bmm needs two shapes");
    args.emplace_back(tensor(dt, shapes[0], -1.0, 1.0)->tensor());
    args.emplace_back(tensor(dt, shapes[1], -1.0, 1.0)->tensor());
    out_shape = {shapes[0][0], shapes[0][1], shapes[1][2]};
  } else {
    die("unknown op " + op);
  }
  ts.push_back(std::make_unique<Owned>(out_dtype, out_shape));
  Owned* out = ts.back().get();
  args.emplace_back(out->tensor());

  // Look the kernel up with the arguments' dtypes and dim orders (ExecuTorch's kernel keys).
  std::vector<executorch::runtime::TensorMeta> metas;
  for (auto& e : args) {
    if (e.isTensor()) {
      auto t = e.toTensor();
      metas.emplace_back(t.scalar_type(),
                         Span<DimOrderType>(const_cast<DimOrderType*>(t.dim_order().data()),
                                            t.dim_order().size()));
    }
  }
  auto found = executorch::runtime::get_op_function_from_registry(
      name.c_str(), Span<const executorch::runtime::TensorMeta>(metas.data(), metas.size()));
  if (!found.ok()) die(name + " is not registered in ExecuTorch's kernels");
  OpFunction fn = *found;

  // ExecuTorch's stack is the arguments then the returns: an out= kernel returns its out, so
  // the out's EValue comes twice.
  std::vector<EValue*> stack;
  for (auto& e : args) stack.push_back(&e);
  stack.push_back(&args.back());
  executorch::extension::threadpool::NoThreadPoolGuard one_thread;
  KernelRuntimeContext ctx;
  fn(ctx, Span<EValue*>(stack.data(), stack.size()));
  if (ctx.failure_state() != executorch::runtime::Error::Ok)
    die(name + " failed: error " + std::to_string(int(ctx.failure_state())));

  // A check that the call computed something: add's first element.
  if (name == "aten::add.out" && dt == ScalarType::Float) {
    double want = ts[0]->get(0) + ts[1]->get(0);
    if (std::fabs(out->get(0) - want) > 1e-6) die("add computed a wrong value");
  }

  double secs = median_per_call(9, 0.05, [&] { fn(ctx, Span<EValue*>(stack.data(), stack.size())); });
  std::string shape_text;
  for (size_t i = 0; i < shapes.size(); ++i) {
    if (i) shape_text += ",";
    for (size_t d = 0; d < shapes[i].size(); ++d) {
      if (d) shape_text += "x";
      shape_text += std::to_string(shapes[i][d]);
    }
  }
  std::printf("%-10s lib=executorch threads=1 shape=%-24s %10.2f us\n", op.c_str(),
              shape_text.c_str(), secs * 1e6);
  return 0;
}
