package testenv

import (
	"strconv"
	"strings"
)

// Paths of the two generation endpoints.
const (
	Completions = "/v1/completions"
	Chat        = "/v1/chat/completions"
)

// BadInput is a malformed request and the answer it must get.
type BadInput struct {
	Name, Path, Body string
	Status           int
	Code             string // "" accepts any code
}

// BadInputs is the table of malformed requests every server refuses, whatever its model, with an
// OpenAI error body: internal/server's tests send it to a fake engine, the end-to-end tests to the
// real binary. vocab is the model's vocabulary size; ids from it on are past the vocabulary.
func BadInputs(vocab int) []BadInput {
	const comp, chat = Completions, Chat
	many := func(n int, s string) string { return strings.TrimSuffix(strings.Repeat(s+",", n), ",") }
	past := strconv.Itoa(vocab)
	// One malformed request a row: the rows are alike by design.
	return []BadInput{
		// Bodies that are not one JSON object.
		{"too large", comp, `{"prompt":"` + strings.Repeat("a", 5<<20) + `"}`, 413, "request_too_large"},
		{"empty body", comp, ``, 400, ""},
		{"truncated", comp, `{"prompt":`, 400, ""},
		{"array body", comp, `[1,2]`, 400, ""},
		{"null body", comp, `null`, 400, ""},
		{"string body", comp, `"hi"`, 400, ""},
		{"trailing data", comp, `{"prompt":"a"} {}`, 400, ""},
		{"invalid utf8", comp, "{\"prompt\":\"a\xff\xfe\"}", 400, ""},
		{"invalid utf8 key", comp, "{\"\xc3\":1,\"prompt\":\"a\"}", 400, ""},
		{"nesting bomb", comp, `{"prompt":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`, 400, ""},
		{"lone surrogate", comp, `{"prompt":"a\ud800"}`, 400, ""},
		// Prompts.
		{"no prompt", comp, `{"max_tokens":1}`, 400, ""},
		{"prompt number", comp, `{"prompt":5}`, 400, ""},
		{"prompt object", comp, `{"prompt":{}}`, 400, ""},
		{"prompt empty array", comp, `{"prompt":[]}`, 400, ""},
		{"prompt empty ids", comp, `{"prompt":[[]]}`, 400, ""},
		{"prompt negative id", comp, `{"prompt":[-1]}`, 400, ""},
		{"prompt id past vocab", comp, `{"prompt":[` + past + `]}`, 400, ""},
		{"prompt huge id", comp, `{"prompt":[99999999999]}`, 400, ""},
		{"prompt float id", comp, `{"prompt":[1.5]}`, 400, ""},
		{"prompt mixed", comp, `{"prompt":["a",1]}`, 400, ""},
		{"prompt nested strings", comp, `{"prompt":[["a"]]}`, 400, ""},
		{"too many prompts", comp, `{"prompt":[` + many(65, `"a"`) + `]}`, 400, ""},
		{"prompts times n", comp, `{"prompt":[` + many(5, `"a"`) + `],"n":16}`, 400, ""},
		// Parameters of the wrong type or out of range.
		{"max_tokens string", comp, `{"prompt":"a","max_tokens":"5"}`, 400, ""},
		{"max_tokens float", comp, `{"prompt":"a","max_tokens":1.5}`, 400, ""},
		{"max_tokens negative", comp, `{"prompt":"a","max_tokens":-1}`, 400, ""},
		{"max_tokens zero without echo", comp, `{"prompt":"a","max_tokens":0}`, 400, ""},
		{"max_tokens huge", comp, `{"prompt":"a","max_tokens":1e30}`, 400, ""},
		{"max_tokens int64 max", comp, `{"prompt":"a","max_tokens":9223372036854775807}`, 400, ""},
		{"max_tokens absurd", comp, `{"prompt":"a","max_tokens":100000000}`, 400, ""},
		{"temperature string", comp, `{"prompt":"a","temperature":"hot"}`, 400, ""},
		{"temperature high", comp, `{"prompt":"a","temperature":2.5}`, 400, ""},
		{"temperature negative", comp, `{"prompt":"a","temperature":-0.1}`, 400, ""},
		{"temperature overflow", comp, `{"prompt":"a","temperature":1e400}`, 400, ""},
		{"temperature NaN", comp, `{"prompt":"a","temperature":NaN}`, 400, ""},
		{"top_p zero", comp, `{"prompt":"a","top_p":0}`, 400, ""},
		{"top_p high", comp, `{"prompt":"a","top_p":1.5}`, 400, ""},
		{"top_k", comp, `{"prompt":"a","top_k":-2}`, 400, ""},
		{"min_p", comp, `{"prompt":"a","min_p":2}`, 400, ""},
		{"presence", comp, `{"prompt":"a","presence_penalty":3}`, 400, ""},
		{"frequency", comp, `{"prompt":"a","frequency_penalty":-2.5}`, 400, ""},
		{"repetition zero", comp, `{"prompt":"a","repetition_penalty":0}`, 400, ""},
		{"n zero", comp, `{"prompt":"a","n":0}`, 400, ""},
		{"n 17", comp, `{"prompt":"a","n":17}`, 400, ""},
		{"n 1e9", comp, `{"prompt":"a","n":1000000000}`, 400, ""},
		{"n bool", comp, `{"prompt":"a","n":true}`, 400, ""},
		{"seed string", comp, `{"prompt":"a","seed":"x"}`, 400, ""},
		{"seed past int64", comp, `{"prompt":"a","seed":18446744073709551615}`, 400, ""},
		{"stop number", comp, `{"prompt":"a","stop":5}`, 400, ""},
		{"stop numbers", comp, `{"prompt":"a","stop":[1]}`, 400, ""},
		{"stop empty", comp, `{"prompt":"a","stop":""}`, 400, ""},
		{"stop too many", comp, `{"prompt":"a","stop":[` + many(17, `"x"`) + `]}`, 400, ""},
		{"stop too long", comp, `{"prompt":"a","stop":"` + strings.Repeat("x", 1025) + `"}`, 400, ""},
		{"stop_token_ids negative", comp, `{"prompt":"a","stop_token_ids":[-5]}`, 400, ""},
		{"stop_token_ids past vocab", comp, `{"prompt":"a","stop_token_ids":[` + past + `]}`, 400, ""},
		{"logprobs bool", comp, `{"prompt":"a","logprobs":true}`, 400, ""},
		{"logprobs 21", comp, `{"prompt":"a","logprobs":21}`, 400, ""},
		{"logprobs 1e9", comp, `{"prompt":"a","logprobs":1000000000}`, 400, ""},
		{"stream string", comp, `{"prompt":"a","stream":"yes"}`, 400, ""},
		{"stream_options without stream", comp, `{"prompt":"a","stream_options":{"include_usage":true}}`, 400, ""},
		// Unsupported features are refused, not ignored.
		{"suffix", comp, `{"prompt":"a","suffix":"z"}`, 400, ""},
		{"best_of", comp, `{"prompt":"a","best_of":3}`, 400, ""},
		{"logit_bias key not an id", comp, `{"prompt":"a","logit_bias":{"a":5}}`, 400, ""},
		{"logit_bias key past vocab", comp, `{"prompt":"a","logit_bias":{"` + past + `":5}}`, 400, ""},
		{"logit_bias 101", comp, `{"prompt":"a","logit_bias":{"1":101}}`, 400, ""},
		{"logit_bias string", comp, `{"prompt":"a","logit_bias":{"1":"x"}}`, 400, ""},
		// Chat messages and parameters.
		{"messages missing", chat, `{}`, 400, ""},
		{"messages empty", chat, `{"messages":[]}`, 400, ""},
		{"messages string", chat, `{"messages":"hi"}`, 400, ""},
		{"message not object", chat, `{"messages":["hi"]}`, 400, ""},
		{"role unknown", chat, `{"messages":[{"role":"wizard","content":"x"}]}`, 400, ""},
		{"role missing", chat, `{"messages":[{"content":"x"}]}`, 400, ""},
		{"content number", chat, `{"messages":[{"role":"user","content":5}]}`, 400, ""},
		{"content null user", chat, `{"messages":[{"role":"user","content":null}]}`, 400, ""},
		{"content image", chat, `{"messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"x"}}]}]}`, 400, ""},
		{"content part no text", chat, `{"messages":[{"role":"user","content":[{"type":"text"}]}]}`, 400, ""},
		{"chat logprobs int", chat, `{"messages":[{"role":"user","content":"x"}],"logprobs":1}`, 400, ""},
		{"top_logprobs alone", chat, `{"messages":[{"role":"user","content":"x"}],"top_logprobs":2}`, 400, ""},
		{"top_logprobs 21", chat, `{"messages":[{"role":"user","content":"x"}],"logprobs":true,"top_logprobs":21}`, 400, ""},
		{"max_completion_tokens", chat, `{"messages":[{"role":"user","content":"x"}],"max_completion_tokens":-3}`, 400, ""},
		{"tools", chat, `{"messages":[{"role":"user","content":"x"}],"tools":[{"type":"function"}]}`, 400, ""},
		{"tools object", chat, `{"messages":[{"role":"user","content":"x"}],"tools":{}}`, 400, ""},
		{"response_format type", chat, `{"messages":[{"role":"user","content":"x"}],"response_format":{"type":"xml"}}`, 400, ""},
		{"response_format string", chat, `{"messages":[{"role":"user","content":"x"}],"response_format":"json"}`, 400, ""},
		{"json_schema missing", chat, `{"messages":[{"role":"user","content":"x"}],"response_format":{"type":"json_schema"}}`, 400, ""},
		{"json_schema unsupported keyword", chat, `{"messages":[{"role":"user","content":"x"}],"response_format":{"type":"json_schema","json_schema":{"name":"n","strict":true,"schema":{"type":"string","not":{}}}}}`, 400, ""},
		{"json_schema invalid", comp, `{"prompt":"a","response_format":{"type":"json_schema","json_schema":{"schema":{"type":"object","required":"a"}}}}`, 400, ""},
		{"json_schema stop", comp, `{"prompt":"a","stop":"}","response_format":{"type":"json_object"}}`, 400, ""},
		{"json_schema stop_token_ids", comp, `{"prompt":"a","stop_token_ids":[1],"response_format":{"type":"json_object"}}`, 400, ""},
		{"guided_json twice", comp, `{"prompt":"a","guided_json":{"type":"object"},"response_format":{"type":"json_object"}}`, 400, ""},
		{"guided_json bad", comp, `{"prompt":"a","guided_json":"{"}`, 400, ""},
		{"json_schema max_tokens", comp, `{"prompt":"a","max_tokens":2,"guided_json":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}`, 400, ""},
		{"tools nested too deep", chat, `{"messages":[{"role":"user","content":"x"}],"tools":[{"type":"function","function":{"name":"f","parameters":{"a":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}}}]}`, 400, ""},
		{"129 tools", chat, `{"messages":[{"role":"user","content":"x"}],"tools":[` + many(129, `{"type":"function","function":{"name":"f"}}`) + `]}`, 400, ""},
		{"legacy functions", chat, `{"messages":[{"role":"user","content":"x"}],"functions":[{"name":"f"}]}`, 400, ""},
		{"tool_choice required without tools", chat, `{"messages":[{"role":"user","content":"x"}],"tool_choice":"required"}`, 400, ""},
		{"tool_calls arguments not JSON", chat, `{"messages":[{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{"}}]}]}`, 400, ""},
		{"tool message without id", chat, `{"messages":[{"role":"tool","content":"r"}]}`, 400, ""},
		{"template kwargs object", chat, `{"messages":[{"role":"user","content":"x"}],"chat_template_kwargs":{"a":{}}}`, 400, ""},
		{"template kwargs reserved", chat, `{"messages":[{"role":"user","content":"x"}],"chat_template_kwargs":{"messages":"x"}}`, 400, ""},
		{"chat n 17", chat, `{"messages":[{"role":"user","content":"x"}],"n":17}`, 400, ""},
		// A model the server does not serve.
		{"unknown model", comp, `{"model":"gpt-5","prompt":"a"}`, 404, "model_not_found"},
		{"unknown model chat", chat, `{"model":"gpt-5","messages":[{"role":"user","content":"x"}]}`, 404, "model_not_found"},
	}
}
