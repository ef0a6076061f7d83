package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

const e2eSchema = `{"type":"object","properties":{
 "name":{"type":"string"},
 "age":{"type":"integer"},
 "score":{"anyOf":[{"type":"number"},{"type":"null"}]},
 "tags":{"type":"array","items":{"type":"string","enum":["red","green","blue"]}},
 "ok":{"type":"boolean"},
 "pet":{"$ref":"#/$defs/pet"}},
 "required":["name","age","score","tags","ok","pet"],"additionalProperties":false,
 "$defs":{"pet":{"type":"object","properties":{"kind":{"enum":["cat","dog"]},"child":{"anyOf":[{"$ref":"#/$defs/pet"},{"type":"null"}]}},"required":["kind","child"],"additionalProperties":false}}}`

func checkDoc(t *testing.T, s *jsonschema.Schema, what, text, finish string) {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err == nil {
		err = s.Validate(doc)
	}
	if err != nil || finish != "stop" {
		t.Errorf("%s: finish %q, %q: %v", what, finish, text, err)
	}
}

// TestStructuredOutputs: through the official client, on both random-weight models, every
// output sampled at temperature 1 under response_format (json_schema, json_object, streamed or
// not, and guided_json on completions) parses, validates and finishes with "stop", whatever
// max_tokens leaves room for (down to the schema's shortest document).
func TestStructuredOutputs(t *testing.T) {
	rounds := 2 // about 90 outputs per model; -long: 40 rounds, about 1800
	if longRun() {
		rounds = 40
	}
	var schema map[string]any
	if err := json.Unmarshal([]byte(e2eSchema), &schema); err != nil {
		t.Fatal(err)
	}
	strict := testenv.CompileSchema(t, e2eSchema)
	anyObject := testenv.CompileSchema(t, `{"type":"object"}`)
	// llamaModel's context is 128 tokens: a short prompt, and max_tokens from the shortest
	// document (84 bytes and the end token) up to what the context leaves.
	for _, m := range []struct {
		model, msg string
		span       int
	}{{llamaModel, "JSON", 1}, {chatModel, "Describe a person as JSON.", 200}} {
		t.Run(m.model, func(t *testing.T) {
			s := startServer(t, serverOpts{model: m.model})
			cl := s.client("dev")
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			msgs := []openai.ChatCompletionMessageParamUnion{openai.UserMessage(m.msg)}
			jsonSchema := openai.ChatCompletionNewParamsResponseFormatUnion{OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
				JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{Name: "person", Schema: schema, Strict: openai.Bool(true)}}}
			jsonObject := openai.ChatCompletionNewParamsResponseFormatUnion{OfJSONObject: &shared.ResponseFormatJSONObjectParam{}}
			outputs := 0
			for r := range rounds {
				maxTokens := int64(84 + (25*r)%m.span)
				for _, f := range []struct {
					name   string
					format openai.ChatCompletionNewParamsResponseFormatUnion
					check  *jsonschema.Schema
				}{{"json_schema", jsonSchema, strict}, {"json_object", jsonObject, anyObject}} {
					res, err := cl.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: m.model, Messages: msgs,
						ResponseFormat: f.format, N: openai.Int(16), Temperature: openai.Float(1), Seed: openai.Int(int64(r)),
						MaxCompletionTokens: openai.Int(maxTokens)})
					if err != nil {
						s.failIfBroken(t)
						t.Fatalf("%s: %v", f.name, err)
					}
					for _, c := range res.Choices {
						checkDoc(t, f.check, fmt.Sprintf("%s max %d", f.name, maxTokens), c.Message.Content, string(c.FinishReason))
						outputs++
					}
				}
				stream := cl.Chat.Completions.NewStreaming(ctx, openai.ChatCompletionNewParams{Model: m.model, Messages: msgs,
					ResponseFormat: jsonSchema, N: openai.Int(4), Temperature: openai.Float(1), MaxCompletionTokens: openai.Int(maxTokens)})
				texts, finishes := make([]string, 4), make([]string, 4)
				for stream.Next() {
					for _, c := range stream.Current().Choices {
						texts[c.Index] += c.Delta.Content
						if c.FinishReason != "" {
							finishes[c.Index] = c.FinishReason
						}
					}
				}
				if err := stream.Err(); err != nil {
					t.Fatalf("stream: %v", err)
				}
				for i := range texts {
					checkDoc(t, strict, "streamed json_schema", texts[i], finishes[i])
					outputs++
				}
				comp, err := cl.Completions.New(ctx, openai.CompletionNewParams{Model: openai.CompletionNewParamsModel(m.model), Prompt: openai.CompletionNewParamsPromptUnion{OfString: openai.String("A")},
					N: openai.Int(8), Temperature: openai.Float(1), MaxTokens: openai.Int(maxTokens)}, option.WithJSONSet("guided_json", schema))
				if err != nil {
					t.Fatalf("guided_json: %v", err)
				}
				for _, c := range comp.Choices {
					checkDoc(t, strict, "guided_json", c.Text, string(c.FinishReason))
					outputs++
				}
			}
			t.Logf("%s: %d outputs, all valid", m.model, outputs)
		})
	}
}
