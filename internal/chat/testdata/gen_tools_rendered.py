# Regenerates tools_rendered.json: chat templates rendered with tools and tool calls by Python
# Jinja2 the way transformers' apply_chat_template does (sandboxed, trim_blocks, lstrip_blocks,
# json.dumps-based tojson, call arguments as dicts).
# Usage: python3 gen_tools_rendered.py QWEN3_TEMPLATE_FILE > tools_rendered.json
import json, sys
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.ext import loopcontrols

def raise_exception(msg):
    raise Exception(msg)

def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
    return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[loopcontrols])
env.filters["tojson"] = tojson
env.globals["raise_exception"] = raise_exception

# The ChatML fallback, as chat.go defines it.
chat_go = open("../chat.go").read()
chatml = chat_go[chat_go.index("const ChatML = `") + len("const ChatML = `"):]
chatml = chatml[:chatml.index("`")]

templates = {
    "chatml": (chatml, "<|endoftext|>", "<|im_end|>"),
    "qwen3": (open(sys.argv[1]).read(), "<|endoftext|>", "<|im_end|>"),
    "llama31": (open("llama31.jinja").read(), "<|begin_of_text|>", "<|eot_id|>"),
    "mistral_v3": (open("mistral_v3.jinja").read(), "<s>", "</s>"),
}

weather = {"type": "function", "function": {"name": "get_weather", "description": "Weather in \"a\" city, in °C\nor °F",
    "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "the city"},
    "unit": {"type": "string", "enum": ["c", "f"]}}, "required": ["city"]}}}
search = {"type": "function", "function": {"name": "search", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}}}

def call(id, name, args):
    return {"id": id, "type": "function", "function": {"name": name, "arguments": args}}

cases = [
    ("chatml", [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Weather in Paris?"},
                {"role": "assistant", "content": "", "tool_calls": [call("call_1", "get_weather", {"city": "Paris \"FR\""})]},
                {"role": "tool", "content": "sunny", "tool_call_id": "call_1"}], [weather, search], True),
    ("chatml", [{"role": "user", "content": "Hi"}], None, True),
    ("qwen3", [{"role": "user", "content": "Weather in Paris?"}], [weather, search], True),
    ("qwen3", [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Weather in Paris and Rome?"},
               {"role": "assistant", "content": "", "tool_calls": [call("call_1", "get_weather", {"city": "Paris"}), call("call_2", "get_weather", {"city": "Rome", "unit": "c"})]},
               {"role": "tool", "content": "sunny", "tool_call_id": "call_1"}, {"role": "tool", "content": "rain \"heavy\"", "tool_call_id": "call_2"}],
     [weather], True),
    ("qwen3", [{"role": "user", "content": "Q"}, {"role": "assistant", "content": "Checking.", "tool_calls": [call("c", "search", {"q": "x \"y\" <z>"})]},
               {"role": "tool", "content": "r", "tool_call_id": "c"}, {"role": "assistant", "content": "Done."}], None, False),
    ("llama31", [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Weather in Paris?"},
                 {"role": "assistant", "content": "", "tool_calls": [call("call_1", "get_weather", {"city": "Paris \"FR\""})]},
                 {"role": "tool", "content": "sunny", "tool_call_id": "call_1"}], None, True),
    ("mistral_v3", [{"role": "user", "content": "Weather in Paris?"}], [weather, search], True),
    ("mistral_v3", [{"role": "user", "content": "Weather in Paris?"},
                    {"role": "assistant", "content": "", "tool_calls": [call("abcDEF123", "get_weather", {"city": "Paris"})]},
                    {"role": "tool", "content": "sunny", "tool_call_id": "abcDEF123"}, {"role": "user", "content": "Thanks"}], [weather], True),
]

out = {"about": "Chat templates with tools rendered by Python Jinja2 as transformers' apply_chat_template does; see gen_tools_rendered.py.", "cases": []}
for name, msgs, tools, agp in cases:
    src, bos, eos = templates[name]
    data = {"messages": msgs, "add_generation_prompt": agp, "bos_token": bos, "eos_token": eos}
    if tools is not None:
        data["tools"] = tools
    expected = env.from_string(src).render(**data)
    out["cases"].append({"template": name, "messages": msgs, "tools": tools, "add_generation_prompt": agp, "expected": expected})
json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
print()
