/* etk from C: one kernel call, then one program run.
 *
 *   cc -I capi/include capi/examples/kernel_and_program.c -L target/release -letk_capi \
 *      -Wl,-rpath,target/release -o example
 *   ./example testing/models/mlp_matmul.pte
 *
 * (or link target/release/libetk_capi.a with -lpthread -ldl -lm). Exits 0 when both worked. */
#include <etk.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static etk_tensor tensor_1d(float* data, int64_t n, int writable) {
  etk_tensor t;
  memset(&t, 0, sizeof t);
  t.data = data;
  t.capacity = (size_t)n * sizeof(float);
  t.dim = 1;
  t.sizes[0] = n;
  t.dim_order[0] = 0;
  t.dtype = ETK_DTYPE_FLOAT;
  t.dynamism = ETK_STATIC;
  t.writable = (uint32_t)writable;
  return t;
}

/* out = a + alpha * b through aten::add.out, in ExecuTorch's stack convention: the schema's
 * arguments (self, other, alpha, out) then the returned out again, as the same value. */
static int kernel_call(void) {
  float a[3] = {1, 2, 3}, b[3] = {10, 20, 30}, out[3] = {0};
  etk_tensor ta = tensor_1d(a, 3, 0), tb = tensor_1d(b, 3, 0), to = tensor_1d(out, 3, 1);
  etk_value va = {ETK_TAG_TENSOR, {.as_tensor = &ta}};
  etk_value vb = {ETK_TAG_TENSOR, {.as_tensor = &tb}};
  etk_value alpha = {ETK_TAG_INT, {.as_int = 2}};
  etk_value vo = {ETK_TAG_TENSOR, {.as_tensor = &to}};
  etk_value* stack[] = {&va, &vb, &alpha, &vo, &vo};

  size_t add;
  if (etk_kernel_find("aten::add.out", &add) != ETK_OK) {
    fprintf(stderr, "find: %s\n", etk_last_error());
    return 1;
  }
  char message[256];
  etk_context ctx = etk_context_default();
  ctx.error = message;
  ctx.error_len = sizeof message;
  etk_status s = etk_kernel_call(add, &ctx, stack, 5);
  if (s != ETK_OK) {
    fprintf(stderr, "add: status %u: %s\n", s, message);
    return 1;
  }
  printf("aten::add.out: %g %g %g\n", out[0], out[1], out[2]);
  if (out[0] != 21 || out[1] != 42 || out[2] != 63) return 1;

  /* A Float result cannot go into an Int out: an error value and a message, no crash. */
  int32_t iout[3];
  etk_tensor ti = tensor_1d((float*)iout, 3, 1);
  ti.dtype = ETK_DTYPE_INT;
  etk_value vi = {ETK_TAG_TENSOR, {.as_tensor = &ti}};
  etk_value* bad[] = {&va, &vb, &alpha, &vi, &vi};
  s = etk_kernel_call(add, &ctx, bad, 5);
  printf("into an Int out: status 0x%x: %s\n", s, message);
  return s == ETK_INVALID_TYPE ? 0 : 1;
}

/* Loads a program, prepares "forward", feeds zeros of the input's shape, runs it and prints the
 * first output's shape and first values. */
static int program_run(const char* path) {
  etk_program* program = NULL;
  etk_method* method = NULL;
  int rc = 1;
  if (etk_program_load_file(path, &program) != ETK_OK ||
      etk_method_prepare(program, "forward", NULL, &method) != ETK_OK) {
    fprintf(stderr, "%s: %s\n", path, etk_last_error());
    goto done;
  }
  etk_tensor in;
  if (etk_method_input_tensor(method, 0, &in) != ETK_OK) goto fail;
  size_t n = 1;
  for (uint32_t d = 0; d < in.dim; ++d) n *= (size_t)in.sizes[d];
  float* x = calloc(n ? n : 1, sizeof(float));
  for (size_t i = 0; i < n; ++i) x[i] = (float)(i % 7) * 0.125f;
  in.data = x;
  in.capacity = n * sizeof(float);
  etk_value v = {ETK_TAG_TENSOR, {.as_tensor = &in}};
  etk_status s = etk_method_set_input(method, 0, &v);
  free(x); /* the input was copied */
  if (s != ETK_OK) goto fail;
  if (etk_method_execute(method, NULL) != ETK_OK) goto fail;
  etk_tensor out;
  if (etk_method_output_tensor(method, 0, &out) != ETK_OK) goto fail;
  printf("%s: output 0 has %u dims:", path, out.dim);
  for (uint32_t d = 0; d < out.dim; ++d) printf(" %lld", (long long)out.sizes[d]);
  if (out.dtype == ETK_DTYPE_FLOAT)
    printf(", first value %g", (double)((const float*)out.data)[0]);
  printf("\n");
  rc = 0;
  goto done;
fail:
  fprintf(stderr, "%s: %s\n", path, etk_last_error());
done:
  etk_method_free(method);
  etk_program_free(program);
  return rc;
}

int main(int argc, char** argv) {
  if (etk_abi_version() != ETK_ABI_VERSION) {
    fprintf(stderr, "etk.h is ABI %u, the library %u\n", ETK_ABI_VERSION, etk_abi_version());
    return 1;
  }
  printf("etk: %zu kernels, the first %s\n", etk_kernel_count(), etk_kernel_name(0));
  if (kernel_call() != 0) return 1;
  if (argc > 1 && program_run(argv[1]) != 0) return 1;
  return 0;
}
