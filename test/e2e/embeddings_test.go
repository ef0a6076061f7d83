package e2e

import (
	"context"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
)

// TestEmbeddings serves chatModel with --pooling last and embeds through openai-go's Embeddings.New:
// unit vectors of the model's width, an input's vector the same alone or batched and in float or
// base64, dimensions truncating and renormalising, and the pool whole afterwards. The same model
// served without --pooling is generative and refuses embeddings with a 400.
func TestEmbeddings(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s := startServer(t, serverOpts{model: chatModel, args: []string{"--pooling", "last"}})
	c := s.client("dev")
	embed := func(p openai.EmbeddingNewParams) [][]float32 {
		t.Helper()
		p.Model = chatModel
		res, err := c.Embeddings.New(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		out := make([][]float32, len(res.Data))
		for i, d := range res.Data {
			for _, v := range d.Embedding {
				out[i] = append(out[i], float32(v))
			}
		}
		return out
	}
	texts := []string{"Hello world", "The capital of France is", "Hello"}
	batch := embed(openai.EmbeddingNewParams{Input: openai.EmbeddingNewParamsInputUnion{OfArrayOfStrings: texts}})
	for i, v := range batch {
		var ss float64
		for _, x := range v {
			ss += float64(x) * float64(x)
		}
		if math.Abs(ss-1) > 1e-5 || len(v) != len(batch[0]) || len(v) < 8 {
			t.Errorf("input %d: %d values, squared norm %v", i, len(v), ss)
		}
		alone := embed(openai.EmbeddingNewParams{Input: openai.EmbeddingNewParamsInputUnion{OfString: openai.String(texts[i])},
			EncodingFormat: openai.EmbeddingNewParamsEncodingFormatBase64})
		if !slices.Equal(alone[0], v) {
			t.Errorf("input %d: alone (base64) differs from batched (float)", i)
		}
	}
	if slices.Equal(batch[0], batch[2]) {
		t.Error("different inputs, same embedding")
	}
	short := embed(openai.EmbeddingNewParams{Input: openai.EmbeddingNewParamsInputUnion{OfString: openai.String(texts[0])}, Dimensions: openai.Int(8)})
	var ss, dot float64
	for i, x := range short[0] {
		ss += float64(x) * float64(x)
		dot += float64(x) * float64(batch[0][i])
	}
	if len(short[0]) != 8 || math.Abs(ss-1) > 1e-5 || dot <= 0 {
		t.Errorf("dimensions 8: %v", short[0])
	}
	s.waitIdle(t, 5*time.Second)

	gen := startServer(t, serverOpts{model: chatModel})
	gc := gen.client("dev")
	_, err := gc.Embeddings.New(ctx, openai.EmbeddingNewParams{Model: chatModel, Input: openai.EmbeddingNewParamsInputUnion{OfString: openai.String("x")}})
	checkAPIError(t, err, 400, "model_not_embedding", gen)
}
