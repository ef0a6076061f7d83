package tokenizer

import (
	"errors"
	"fmt"
	"math"
)

// Metadata is the part of a GGUF file's key-value metadata the tokenizer reads; *gguf.File
// implements it. Each method reports false when the key is absent or has another type.
type Metadata interface {
	String(key string) (string, bool)
	Strings(key string) ([]string, bool)
	Float32s(key string) ([]float32, bool)
	Int32s(key string) ([]int32, bool)
	Uint(key string) (uint64, bool)
	Bool(key string) (bool, bool)
}

// ConfigFromGGUF reads the tokenizer.ggml.* keys, filling absent ones with llama.cpp's defaults:
// an SPM vocabulary adds BOS and a space prefix, and has BOS 1, EOS 2 and UNK 0 unless told
// otherwise; a BPE vocabulary adds BOS only for the Llama 3 pre-tokenizers.
func ConfigFromGGUF(md Metadata) (Config, error) {
	c := Config{BOS: -1, EOS: -1, UNK: -1, PAD: -1, EOT: -1, EOM: -1}
	var ok bool
	if c.Model, ok = md.String("tokenizer.ggml.model"); !ok {
		return c, errors.New("tokenizer: no tokenizer.ggml.model in the metadata")
	}
	c.Pre, _ = md.String("tokenizer.ggml.pre")
	if c.Tokens, ok = md.Strings("tokenizer.ggml.tokens"); !ok {
		return c, errors.New("tokenizer: no tokenizer.ggml.tokens in the metadata")
	}
	c.Scores, _ = md.Float32s("tokenizer.ggml.scores")
	c.Types, _ = md.Int32s("tokenizer.ggml.token_type")
	c.Merges, _ = md.Strings("tokenizer.ggml.merges")

	n := int64(len(c.Tokens))
	spm := c.Model == "llama"
	if spm && n > 2 {
		c.UNK, c.BOS, c.EOS = 0, 1, 2
	}
	for _, k := range []struct {
		key string
		dst *int32
	}{
		{"bos_token_id", &c.BOS}, {"eos_token_id", &c.EOS}, {"unknown_token_id", &c.UNK},
		{"padding_token_id", &c.PAD}, {"eot_token_id", &c.EOT}, {"eom_token_id", &c.EOM},
	} {
		v, ok := md.Uint("tokenizer.ggml." + k.key)
		if !ok {
			continue
		}
		if v > math.MaxInt32 || int64(v) >= n {
			if k.dst == &c.PAD {
				// Converters sometimes write a padding id just past the vocabulary; it plays no
				// part in tokenizing, so it is dropped rather than refusing the model.
				c.PAD = -1
				continue
			}
			return c, fmt.Errorf("tokenizer: tokenizer.ggml.%s = %d is outside the vocabulary of %d tokens", k.key, v, n)
		}
		*k.dst = int32(v)
	}

	if c.AddBOS, ok = md.Bool("tokenizer.ggml.add_bos_token"); !ok {
		c.AddBOS = c.BOS >= 0 && (spm || ignoreMergesPre[c.Pre])
	}
	c.AddEOS, _ = md.Bool("tokenizer.ggml.add_eos_token")
	if c.AddSpacePrefix, ok = md.Bool("tokenizer.ggml.add_space_prefix"); !ok {
		c.AddSpacePrefix = spm
	}
	return c, nil
}

// FromGGUF builds the tokenizer a GGUF file's metadata describes.
func FromGGUF(md Metadata) (*Tokenizer, error) {
	c, err := ConfigFromGGUF(md)
	if err != nil {
		return nil, err
	}
	return New(c)
}
