/* Hostile calls through etk's C ABI: each must return an error status (never ETK_OK, never a
 * crash) and leave a message. Prints one line per call and "N passed, N failed" at the end;
 * exits 1 if any call was accepted or reported no message. */
#include <etk.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int passed, failed;

static void expect_error(const char* what, etk_status s) {
  const char* msg = etk_last_error();
  if (s == ETK_OK || msg == NULL || msg[0] == 0) {
    printf("FAIL %s: status 0x%x, message '%s'\n", what, s, msg ? msg : "(null)");
    ++failed;
  } else {
    printf("ok   %s: 0x%x %s\n", what, s, msg);
    ++passed;
  }
}

static etk_tensor make(void* data, size_t capacity, int32_t dtype, uint32_t dim, const int64_t* sizes,
                       int writable) {
  etk_tensor t;
  memset(&t, 0, sizeof t);
  t.data = data;
  t.capacity = capacity;
  t.dtype = dtype;
  t.dim = dim;
  for (uint32_t d = 0; d < dim && d < ETK_MAX_DIM; ++d) {
    t.sizes[d] = sizes[d];
    t.dim_order[d] = (uint8_t)d;
  }
  t.writable = (uint32_t)writable;
  return t;
}

int main(void) {
  size_t add, mm, cat, sym_size;
  if (etk_kernel_find("aten::add.out", &add) != ETK_OK || etk_kernel_find("aten::mm.out", &mm) != ETK_OK ||
      etk_kernel_find("aten::cat.out", &cat) != ETK_OK ||
      etk_kernel_find("aten::sym_size.int", &sym_size) != ETK_OK) {
    printf("FAIL: kernels not found: %s\n", etk_last_error());
    return 1;
  }
  float a[4] = {1, 2, 3, 4}, b[4] = {1, 1, 1, 1}, o[4];
  const int64_t s4[] = {4}, s22[] = {2, 2};
  etk_tensor ta = make(a, sizeof a, ETK_DTYPE_FLOAT, 1, s4, 0);
  etk_tensor tb = make(b, sizeof b, ETK_DTYPE_FLOAT, 1, s4, 0);
  etk_tensor to = make(o, sizeof o, ETK_DTYPE_FLOAT, 1, s4, 1);
  etk_value va = {ETK_TAG_TENSOR, {.as_tensor = &ta}}, vb = {ETK_TAG_TENSOR, {.as_tensor = &tb}};
  etk_value vo = {ETK_TAG_TENSOR, {.as_tensor = &to}};
  etk_value one = {ETK_TAG_INT, {.as_int = 1}};
  etk_value* good[] = {&va, &vb, &one, &vo, &vo};
  if (etk_kernel_call(add, NULL, good, 5) != ETK_OK) {
    printf("FAIL: the well-formed add.out call failed: %s\n", etk_last_error());
    return 1;
  }

  /* Null pointers. */
  expect_error("null stack", etk_kernel_call(add, NULL, NULL, 5));
  etk_value* with_null[] = {&va, NULL, &one, &vo, &vo};
  expect_error("null value in the stack", etk_kernel_call(add, NULL, with_null, 5));
  etk_value null_tensor = {ETK_TAG_TENSOR, {.as_tensor = NULL}};
  etk_value* nt[] = {&va, &null_tensor, &one, &vo, &vo};
  expect_error("null tensor pointer", etk_kernel_call(add, NULL, nt, 5));
  etk_tensor no_data = make(NULL, 16, ETK_DTYPE_FLOAT, 1, s4, 0);
  etk_value vnd = {ETK_TAG_TENSOR, {.as_tensor = &no_data}};
  etk_value* nd[] = {&va, &vnd, &one, &vo, &vo};
  expect_error("null data with elements", etk_kernel_call(add, NULL, nd, 5));
  etk_value null_list = {ETK_TAG_LIST_TENSOR, {.as_tensor_list = {NULL, 3}}};
  etk_value dim0 = {ETK_TAG_INT, {.as_int = 0}};
  etk_value* nl[] = {&null_list, &dim0, &vo, &vo};
  expect_error("null tensor list with length 3", etk_kernel_call(cat, NULL, nl, 4));
  size_t idx;
  expect_error("find: null name", etk_kernel_find(NULL, &idx));
  expect_error("find: unknown name", etk_kernel_find("aten::no_such_op.out", &idx));
  expect_error("call: index out of range", etk_kernel_call(1u << 30, NULL, good, 5));

  /* Wrong tags. */
  etk_value int_not_tensor = {ETK_TAG_INT, {.as_int = 7}};
  etk_value* wt[] = {&va, &int_not_tensor, &one, &vo, &vo};
  expect_error("Int where a Tensor goes", etk_kernel_call(add, NULL, wt, 5));
  etk_value bogus = {999, {.as_int = 0}};
  etk_value* bt[] = {&va, &bogus, &one, &vo, &vo};
  expect_error("tag 999", etk_kernel_call(add, NULL, bt, 5));
  etk_value tensor_alpha = {ETK_TAG_TENSOR, {.as_tensor = &tb}};
  etk_value* ta_[] = {&va, &vb, &tensor_alpha, &vo, &vo};
  expect_error("Tensor where a Scalar goes", etk_kernel_call(add, NULL, ta_, 5));

  /* Short stacks. */
  expect_error("empty stack", etk_kernel_call(add, NULL, good, 0));
  etk_value* short3[] = {&va, &vb, &vo};
  expect_error("3 values for add.out", etk_kernel_call(add, NULL, short3, 3));
  etk_value* short1[] = {&va};
  expect_error("1 value for sym_size.int", etk_kernel_call(sym_size, NULL, short1, 1));

  /* Wrong ranks. */
  etk_value* mm1[] = {&va, &vb, &vo, &vo};
  expect_error("mm of 1-d tensors", etk_kernel_call(mm, NULL, mm1, 4));
  const int64_t ones17[17] = {4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  etk_tensor rank17 = make(a, sizeof a, ETK_DTYPE_FLOAT, 17, ones17, 0);
  etk_value v17 = {ETK_TAG_TENSOR, {.as_tensor = &rank17}};
  etk_value* r17[] = {&va, &v17, &one, &vo, &vo};
  expect_error("rank 17", etk_kernel_call(add, NULL, r17, 5));
  etk_tensor t22 = make(o, sizeof o, ETK_DTYPE_FLOAT, 2, s22, 1);
  etk_value v22 = {ETK_TAG_TENSOR, {.as_tensor = &t22}};
  etk_value* r2[] = {&va, &vb, &one, &v22, &v22};
  expect_error("static out of the wrong rank", etk_kernel_call(add, NULL, r2, 5));

  /* Bad dtype codes, dim orders, dynamism. */
  etk_tensor bad_dtype = make(b, sizeof b, 12, 1, s4, 0);
  etk_value vbd = {ETK_TAG_TENSOR, {.as_tensor = &bad_dtype}};
  etk_value* bd[] = {&va, &vbd, &one, &vo, &vo};
  expect_error("dtype code 12", etk_kernel_call(add, NULL, bd, 5));
  bad_dtype.dtype = -3;
  expect_error("dtype code -3", etk_kernel_call(add, NULL, bd, 5));
  etk_tensor bad_order = make(a, sizeof a, ETK_DTYPE_FLOAT, 2, s22, 0);
  bad_order.dim_order[0] = 1;
  bad_order.dim_order[1] = 1;
  etk_value vbo = {ETK_TAG_TENSOR, {.as_tensor = &bad_order}};
  etk_value* bo[] = {&vbo, &vbo, &one, &v22, &v22};
  expect_error("dim order 1,1", etk_kernel_call(add, NULL, bo, 5));
  etk_tensor bad_dyn = make(o, sizeof o, ETK_DTYPE_FLOAT, 1, s4, 1);
  bad_dyn.dynamism = 7;
  etk_value vbdy = {ETK_TAG_TENSOR, {.as_tensor = &bad_dyn}};
  etk_value* bdy[] = {&va, &vb, &one, &vbdy, &vbdy};
  expect_error("dynamism 7", etk_kernel_call(add, NULL, bdy, 5));

  /* Negative and overflowing sizes, too little memory. */
  const int64_t neg[] = {-4};
  etk_tensor tneg = make(a, sizeof a, ETK_DTYPE_FLOAT, 1, neg, 0);
  etk_value vneg = {ETK_TAG_TENSOR, {.as_tensor = &tneg}};
  etk_value* ng[] = {&va, &vneg, &one, &vo, &vo};
  expect_error("size -4", etk_kernel_call(add, NULL, ng, 5));
  const int64_t huge[] = {INT64_MAX / 2, 4};
  etk_tensor thuge = make(a, sizeof a, ETK_DTYPE_FLOAT, 2, huge, 0);
  etk_value vhuge = {ETK_TAG_TENSOR, {.as_tensor = &thuge}};
  etk_value* hg[] = {&va, &vhuge, &one, &vo, &vo};
  expect_error("sizes overflowing the address space", etk_kernel_call(add, NULL, hg, 5));
  const int64_t s8[] = {8};
  etk_tensor small = make(a, sizeof a, ETK_DTYPE_FLOAT, 1, s8, 0);
  etk_value vsmall = {ETK_TAG_TENSOR, {.as_tensor = &small}};
  etk_value* sm[] = {&va, &vsmall, &one, &vo, &vo};
  expect_error("8 elements in a 16-byte capacity", etk_kernel_call(add, NULL, sm, 5));
  etk_tensor misaligned = make((char*)a + 1, 8, ETK_DTYPE_FLOAT, 1, s4 /* unused */, 0);
  misaligned.sizes[0] = 1;
  etk_value vmis = {ETK_TAG_TENSOR, {.as_tensor = &misaligned}};
  etk_value* mis[] = {&va, &vmis, &one, &vo, &vo};
  expect_error("misaligned data", etk_kernel_call(add, NULL, mis, 5));

  /* An out aliasing an input, and a read-only out. */
  etk_tensor alias = make(a, sizeof a, ETK_DTYPE_FLOAT, 1, s4, 1);
  etk_value valias = {ETK_TAG_TENSOR, {.as_tensor = &alias}};
  etk_value* al[] = {&va, &vb, &one, &valias, &valias};
  expect_error("out aliasing self", etk_kernel_call(add, NULL, al, 5));
  etk_tensor ro = make(o, sizeof o, ETK_DTYPE_FLOAT, 1, s4, 0);
  etk_value vro = {ETK_TAG_TENSOR, {.as_tensor = &ro}};
  etk_value* rot[] = {&va, &vb, &one, &vro, &vro};
  expect_error("read-only out", etk_kernel_call(add, NULL, rot, 5));

  /* Bad list and string payloads. */
  const uint8_t not_bools[] = {0, 2};
  etk_value bl = {ETK_TAG_LIST_BOOL, {.as_bool_list = {not_bools, 2}}};
  etk_value* blt[] = {&va, &bl, &one, &vo, &vo};
  expect_error("bool list with a 2", etk_kernel_call(add, NULL, blt, 5));
  const char bad_utf8[] = {(char)0xff, (char)0xfe};
  etk_value str = {ETK_TAG_STRING, {.as_string = {bad_utf8, 2}}};
  etk_value* st[] = {&va, &str, &one, &vo, &vo};
  expect_error("string that is not UTF-8", etk_kernel_call(add, NULL, st, 5));

  /* Programs. */
  etk_program* p = NULL;
  etk_method* m = NULL;
  expect_error("load: null data", etk_program_load(NULL, 10, &p));
  const uint8_t junk[] = "this is not a program file at all";
  expect_error("load: junk bytes", etk_program_load(junk, sizeof junk, &p));
  expect_error("load: null out", etk_program_load(junk, sizeof junk, NULL));
  expect_error("load_file: missing file", etk_program_load_file("/nonexistent/x.pte", &p));
  expect_error("prepare: null program", etk_method_prepare(NULL, "forward", NULL, &m));
  expect_error("execute: null method", etk_method_execute(NULL, NULL));
  expect_error("set_input: null method", etk_method_set_input(NULL, 0, &va));
  etk_tensor out;
  expect_error("output_tensor: null method", etk_method_output_tensor(NULL, 0, &out));

  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
