package server

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
)

const fakeDim = 8

func embedEngine() *fakeEngine {
	eng := newFakeEngine()
	eng.info.Pooling, eng.info.EmbeddingDim = "last", fakeDim
	return eng
}

func embedInput(texts ...string) openai.EmbeddingNewParamsInputUnion {
	if len(texts) == 1 {
		return openai.EmbeddingNewParamsInputUnion{OfString: openai.String(texts[0])}
	}
	return openai.EmbeddingNewParamsInputUnion{OfArrayOfStrings: texts}
}

// sameVector compares what the client decoded (float64) with the engine's float32 vector.
func sameVector(got []float64, want []float32) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if float32(got[i]) != want[i] {
			return false
		}
	}
	return true
}

// TestEmbeddingsClient drives /v1/embeddings through openai-go's Embeddings.New: every input
// shape, float and base64 encodings, dimensions (passed to the engine, which truncates and
// renormalises), the data in input order with each input's own vector whatever else is in the
// batch, and usage counting the input tokens. The byte tokenizer makes each text's ids its bytes.
func TestEmbeddingsClient(t *testing.T) {
	eng := embedEngine()
	env := start(t, eng, nil, nil)
	c := env.client(keyAlice)
	ids := func(s string) []int32 { return byteTok{}.Encode(s, true, false) }
	cases := []struct {
		name   string
		params openai.EmbeddingNewParams
		want   [][]int32
		dims   int
	}{
		{"string", openai.EmbeddingNewParams{Model: model, Input: embedInput("hello")}, [][]int32{ids("hello")}, 0},
		{"strings", openai.EmbeddingNewParams{Model: model, Input: embedInput("a", "hello", "bc")}, [][]int32{ids("a"), ids("hello"), ids("bc")}, 0},
		{"tokens", openai.EmbeddingNewParams{Model: model, Input: openai.EmbeddingNewParamsInputUnion{OfArrayOfTokens: []int64{5, 6, 7}}},
			[][]int32{{5, 6, 7}}, 0},
		{"token arrays, base64", openai.EmbeddingNewParams{Model: model, EncodingFormat: openai.EmbeddingNewParamsEncodingFormatBase64,
			Input: openai.EmbeddingNewParamsInputUnion{OfArrayOfTokenArrays: [][]int64{{5}, {6, 7}}}}, [][]int32{{5}, {6, 7}}, 0},
		{"dimensions", openai.EmbeddingNewParams{Model: model, Input: embedInput("hello"), Dimensions: openai.Int(3),
			EncodingFormat: openai.EmbeddingNewParamsEncodingFormatFloat}, [][]int32{ids("hello")}, 3},
	}
	for _, tc := range cases {
		resp, err := c.Embeddings.New(ctx(t), tc.params)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(resp.Data) != len(tc.want) || resp.Model != model || resp.Object != "list" {
			t.Fatalf("%s: %+v", tc.name, resp)
		}
		tokens := 0
		for i, d := range resp.Data {
			tokens += len(tc.want[i])
			if d.Index != int64(i) || d.Object != "embedding" || !sameVector(d.Embedding, fakeEmbedding(tc.want[i], fakeDim, tc.dims)) {
				t.Errorf("%s: data[%d] = %d %v", tc.name, i, d.Index, d.Embedding)
			}
		}
		if resp.Usage.PromptTokens != int64(tokens) || resp.Usage.TotalTokens != int64(tokens) {
			t.Errorf("%s: usage %+v, want %d", tc.name, resp.Usage, tokens)
		}
	}
	// The wire format of base64: little-endian float32s.
	code, _, raw := env.post("/v1/embeddings", keyAlice, `{"model":"fake-model","input":[5],"encoding_format":"base64"}`)
	var out struct{ Data []struct{ Embedding string } }
	if code != 200 || json.Unmarshal(raw, &out) != nil || len(out.Data) != 1 {
		t.Fatalf("base64: %d %s", code, raw)
	}
	b, err := base64.StdEncoding.DecodeString(out.Data[0].Embedding)
	want := fakeEmbedding([]int32{5}, fakeDim, 0)
	if err != nil || len(b) != 4*fakeDim || math.Float32frombits(binary.LittleEndian.Uint32(b[4:])) != want[1] {
		t.Errorf("base64 %q: %v", out.Data[0].Embedding, err)
	}
}

// TestEmbeddingsBatchWithinLimits: a batch larger than the tenant's max_concurrent runs that many
// inputs at a time rather than being refused, and the tenant is charged what the engine computed
// (each input and its placeholder token).
func TestEmbeddingsBatchWithinLimits(t *testing.T) {
	eng := embedEngine()
	env := start(t, eng, nil, nil)
	inputs := make([]string, 40)
	for i := range inputs {
		inputs[i] = strings.Repeat("x", i+1)
	}
	// bob: max_concurrent 1, 120 tokens per minute.
	before := 120.0 // a full bucket: bob has not been seen yet
	resp, err := env.client(keyBob).Embeddings.New(ctx(t), openai.EmbeddingNewParams{Model: model, Input: embedInput(inputs[:10]...)})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Data) != 10 || resp.Usage.PromptTokens != 55 {
		t.Fatalf("%d vectors, usage %+v", len(resp.Data), resp.Usage)
	}
	if spent := before - env.srv.balance(keyBob); spent < 65 || spent > 66 {
		t.Errorf("charged %v tokens, want 65 (55 prompt + 10 placeholders)", spent)
	}
	resp, err = env.client(keyAlice).Embeddings.New(ctx(t), openai.EmbeddingNewParams{Model: model, Input: embedInput(inputs...)})
	if err != nil || len(resp.Data) != 40 {
		t.Fatalf("40 inputs: %v", err)
	}
	for i, d := range resp.Data {
		if !sameVector(d.Embedding, fakeEmbedding([]int32(byteTok{}.Encode(inputs[i], true, false)), fakeDim, 0)) {
			t.Fatalf("data[%d] is not its input's", i)
		}
	}
}

// TestEmbeddingsRefusals: a generative model, and malformed requests, are 400s naming the field;
// nothing reaches the engine.
func TestEmbeddingsRefusals(t *testing.T) {
	gen := start(t, newFakeEngine(), nil, nil)
	code, _, raw := gen.post("/v1/embeddings", keyAlice, `{"model":"fake-model","input":"hi"}`)
	if code != 400 || !strings.Contains(string(raw), `"model_not_embedding"`) || !strings.Contains(string(raw), `"param":"model"`) {
		t.Errorf("generative model: %d %s", code, raw)
	}
	eng := embedEngine()
	env := start(t, eng, nil, nil)
	long := strings.Repeat("x", 256)
	for _, tc := range []struct{ body, param string }{
		{`"input":""`, "input"},
		{`"input":[]`, "input"},
		{`"input":[[]]`, "input"},
		{`"input":[999]`, "input"},
		{`"input":{"a":1}`, "input"},
		{`"input":"` + long + `"`, "input"},
		{`"input":"hi","encoding_format":"hex"`, "encoding_format"},
		{`"input":"hi","dimensions":0`, "dimensions"},
		{`"input":"hi","dimensions":9`, "dimensions"},
	} {
		code, _, raw := env.post("/v1/embeddings", keyAlice, `{"model":"fake-model",`+tc.body+`}`)
		if code != 400 || !strings.Contains(string(raw), `"param":"`+tc.param+`"`) {
			t.Errorf("%s: %d %s", tc.body, code, raw)
		}
	}
	if n := len(eng.requests()); n != 0 {
		t.Errorf("%d requests reached the engine", n)
	}
}
