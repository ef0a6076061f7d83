package tokenizer_test

import (
	"strings"
	"testing"
)

// Long single words (letters, spaces, CJK) make one BPE merge sequence or one SPM run; the
// heap keeps them O(n log n).
func BenchmarkEncode(b *testing.B) {
	prose := strings.Repeat("The quick brown fox jumps over the lazy dog, 1234 times!\n", 200)
	inputs := map[string]string{
		"prose":   prose,
		"letters": strings.Repeat("a", 100_000),
		"spaces":  strings.Repeat(" ", 100_000),
		"cjk":     strings.Repeat("你好世界今天天气很好", 10_000),
	}
	for _, model := range []string{"qwen2-tiny-random.gguf", "llama-2-tiny-random.gguf"} {
		tok := load(b, model)
		for name, in := range inputs {
			b.Run(strings.TrimSuffix(model, ".gguf")+"/"+name, func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					tok.Encode(in, true, true)
				}
			})
		}
	}
}
