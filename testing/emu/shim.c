/* bochscpu-python 0.4.0 is built against glibc 2.38 and asks for these two C23 names; on an
   older glibc they are the classic functions (run.py preloads this). */
#include <stdlib.h>
#include <stdio.h>
#include <stdarg.h>
unsigned long long __isoc23_strtoull(const char *s, char **e, int b) { return strtoull(s, e, b); }
int __isoc23_sscanf(const char *s, const char *fmt, ...) {
  va_list ap; va_start(ap, fmt); int r = vsscanf(s, fmt, ap); va_end(ap); return r;
}
