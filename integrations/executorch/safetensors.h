// A reader for the safetensors files of model test vectors (../shared/models/FORMAT.md): an
// 8-byte little-endian header length, a JSON header (name -> dtype, shape, data_offsets, and
// "__metadata__" of strings), then the data. Only what those files use is parsed.
#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace etk_safetensors {

struct Entry {
  std::string dtype;  // F32, F64, F16, BF16, I64, I32, I16, I8, U8, BOOL
  std::vector<int64_t> shape;
  const uint8_t* data = nullptr;
  size_t nbytes = 0;
};

class File {
 public:
  explicit File(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::stringstream ss;
    ss << in.rdbuf();
    bytes_ = ss.str();
    if (bytes_.size() < 8) throw std::runtime_error(path + ": too short");
    uint64_t n = 0;
    for (int i = 7; i >= 0; --i) n = (n << 8) | uint8_t(bytes_[i]);
    if (n > bytes_.size() - 8) throw std::runtime_error(path + ": bad header length");
    text_ = bytes_.substr(8, n);
    data_ = reinterpret_cast<const uint8_t*>(bytes_.data()) + 8 + n;
    data_len_ = bytes_.size() - 8 - n;
    pos_ = 0;
    parse_top();
  }

  const Entry* find(const std::string& name) const {
    auto it = entries_.find(name);
    return it == entries_.end() ? nullptr : &it->second;
  }
  const Entry& get(const std::string& name) const {
    const Entry* e = find(name);
    if (e == nullptr) throw std::runtime_error("no tensor " + name);
    return *e;
  }
  const std::map<std::string, std::string>& metadata() const { return metadata_; }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("safetensors header: " + what + " at byte " + std::to_string(pos_));
  }
  void ws() {
    while (pos_ < text_.size() && std::strchr(" \t\r\n", text_[pos_]) != nullptr) ++pos_;
  }
  void expect(char c) {
    ws();
    if (pos_ >= text_.size() || text_[pos_] != c) fail(std::string("expected '") + c + "'");
    ++pos_;
  }
  bool peek(char c) {
    ws();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  std::string str() {
    expect('"');
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      char c = text_[pos_++];
      if (c == '\\' && pos_ < text_.size()) {
        char e = text_[pos_++];
        out += e == 'n' ? '\n' : e == 't' ? '\t' : e;  // \uXXXX does not occur in these files
      } else {
        out += c;
      }
    }
    expect('"');
    return out;
  }
  int64_t num() {
    ws();
    size_t end = pos_;
    while (end < text_.size() && (std::isdigit(uint8_t(text_[end])) || text_[end] == '-')) ++end;
    if (end == pos_) fail("expected a number");
    int64_t v = std::stoll(text_.substr(pos_, end - pos_));
    pos_ = end;
    return v;
  }
  std::vector<int64_t> nums() {
    std::vector<int64_t> v;
    expect('[');
    while (!peek(']')) {
      v.push_back(num());
      if (peek(',')) ++pos_;
    }
    expect(']');
    return v;
  }
  void parse_top() {
    expect('{');
    while (!peek('}')) {
      std::string key = str();
      expect(':');
      expect('{');
      if (key == "__metadata__") {
        while (!peek('}')) {
          std::string k = str();
          expect(':');
          metadata_[k] = str();
          if (peek(',')) ++pos_;
        }
      } else {
        Entry e;
        std::vector<int64_t> offsets;
        while (!peek('}')) {
          std::string k = str();
          expect(':');
          if (k == "dtype") e.dtype = str();
          else if (k == "shape") e.shape = nums();
          else if (k == "data_offsets") offsets = nums();
          else fail("unknown field " + k);
          if (peek(',')) ++pos_;
        }
        if (offsets.size() != 2 || offsets[0] < 0 || offsets[1] < offsets[0] ||
            size_t(offsets[1]) > data_len_)
          fail("bad data_offsets for " + key);
        e.data = data_ + offsets[0];
        e.nbytes = size_t(offsets[1] - offsets[0]);
        entries_[key] = e;
      }
      expect('}');
      if (peek(',')) ++pos_;
    }
    expect('}');
  }

  std::string bytes_, text_;
  const uint8_t* data_ = nullptr;
  size_t data_len_ = 0, pos_ = 0;
  std::map<std::string, Entry> entries_;
  std::map<std::string, std::string> metadata_;
};

}  // namespace etk_safetensors
