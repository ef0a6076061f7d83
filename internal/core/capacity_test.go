package core

import (
	"strings"
	"testing"
)

func TestPlan(t *testing.T) {
	const perToken = 131072 // bytes
	incidentPool := int64(681280) * perToken
	for _, tc := range []struct {
		name string
		cfg  CapacityConfig
		want CapacityPlan
		err  string
	}{
		{
			name: "incident: advertised context over the pool",
			cfg:  CapacityConfig{BytesPerToken: perToken, KVMemBytes: incidentPool, ModelContext: 1 << 20, MaxContext: 1 << 20},
			err:  "max context 1048576 exceeds the KV pool, which holds 681280 tokens (89296732160 bytes / 2097152 bytes per page = 42580 pages × 16 tokens)",
		},
		{
			name: "auto: the pool bounds the context",
			cfg:  CapacityConfig{BytesPerToken: perToken, KVMemBytes: incidentPool, ModelContext: 1 << 20},
			want: CapacityPlan{BytesPerToken: perToken, BytesPerPage: 16 * perToken, PageTokens: 16, Pages: 42580, Tokens: 681280, ModelContext: 1 << 20, MaxContext: 681280},
		},
		{
			name: "auto: the model bounds the context",
			cfg:  CapacityConfig{BytesPerToken: 1024, KVMemBytes: 1 << 30, PageTokens: 32, ModelContext: 8192},
			want: CapacityPlan{BytesPerToken: 1024, BytesPerPage: 32768, PageTokens: 32, Pages: 32768, Tokens: 1 << 20, ModelContext: 8192, MaxContext: 8192},
		},
		{
			name: "explicit, within both",
			cfg:  CapacityConfig{BytesPerToken: 1024, KVMemBytes: 1 << 30, ModelContext: 8192, MaxContext: 4096},
			want: CapacityPlan{BytesPerToken: 1024, BytesPerPage: 16384, PageTokens: 16, Pages: 65536, Tokens: 1 << 20, ModelContext: 8192, MaxContext: 4096},
		},
		{
			name: "partial page does not count",
			cfg:  CapacityConfig{BytesPerToken: 10, KVMemBytes: 10*16*3 + 159, ModelContext: 100},
			want: CapacityPlan{BytesPerToken: 10, BytesPerPage: 160, PageTokens: 16, Pages: 3, Tokens: 48, ModelContext: 100, MaxContext: 48},
		},
		{name: "more than the model", cfg: CapacityConfig{BytesPerToken: 1, KVMemBytes: 1 << 20, ModelContext: 100, MaxContext: 101}, err: "max context 101 exceeds the model's context 100"},
		{
			name: "more than the model, overridden",
			cfg:  CapacityConfig{BytesPerToken: 10, KVMemBytes: 10 * 16 * 40, ModelContext: 128, MaxContext: 512, OverrideModelContext: true},
			want: CapacityPlan{BytesPerToken: 10, BytesPerPage: 160, PageTokens: 16, Pages: 40, Tokens: 640, ModelContext: 128, MaxContext: 512, ModelContextOverridden: true},
		},
		{
			name: "override within the model is no override",
			cfg:  CapacityConfig{BytesPerToken: 10, KVMemBytes: 10 * 16 * 40, ModelContext: 128, MaxContext: 100, OverrideModelContext: true},
			want: CapacityPlan{BytesPerToken: 10, BytesPerPage: 160, PageTokens: 16, Pages: 40, Tokens: 640, ModelContext: 128, MaxContext: 100},
		},
		{
			name: "override never passes the pool",
			cfg:  CapacityConfig{BytesPerToken: 10, KVMemBytes: 10 * 16 * 20, ModelContext: 128, MaxContext: 512, OverrideModelContext: true},
			err:  "max context 512 exceeds the KV pool, which holds 320 tokens",
		},
		{name: "no page fits", cfg: CapacityConfig{BytesPerToken: 1000, KVMemBytes: 15999, ModelContext: 100}, err: "holds no page of 16000 bytes"},
		{name: "zero bytes per token", cfg: CapacityConfig{KVMemBytes: 1, ModelContext: 1}, err: "bytes per token 0 must be positive"},
		{name: "no memory", cfg: CapacityConfig{BytesPerToken: 1, ModelContext: 1}, err: "KV memory 0 bytes"},
		{name: "no model context", cfg: CapacityConfig{BytesPerToken: 1, KVMemBytes: 1 << 20}, err: "model context 0"},
		{name: "negative max", cfg: CapacityConfig{BytesPerToken: 1, KVMemBytes: 1 << 20, ModelContext: 1, MaxContext: -1}, err: "max context -1"},
		{name: "too many pages", cfg: CapacityConfig{BytesPerToken: 1, KVMemBytes: 1 << 62, PageTokens: 1, ModelContext: 1}, err: "more than the ledger addresses"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Plan(tc.cfg)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got %v, want error %q", err, tc.err)
				}
				return
			}
			if err != nil || p != tc.want {
				t.Fatalf("got %+v, %v\nwant %+v", p, err, tc.want)
			}
			if p.MaxContext > p.Tokens {
				t.Fatal("advertised context over the pool")
			}
			// The plan builds a core that accepts exactly its advertised context.
			c, err := New(Config{Pages: min(p.Pages, 1<<16), PageTokens: p.PageTokens, MaxContext: min(p.MaxContext, min(p.Pages, 1<<16)*p.PageTokens), Secret: testSecret()})
			if err != nil {
				t.Fatal(err)
			}
			_ = c
		})
	}
}

func TestPlanString(t *testing.T) {
	p, err := Plan(CapacityConfig{BytesPerToken: 131072, KVMemBytes: 681280 * 131072, ModelContext: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	want := `KV bytes per token   131,072
KV bytes per page    2,097,152 (16 tokens)
pages                42,580
pool tokens          681,280
model context        1,048,576
advertised context   681,280 (limited by the KV pool)
`
	if got := p.String(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if err := p.Check(681280); err != nil {
		t.Fatal(err)
	}
	if err := p.Check(1 << 20); err == nil || !strings.Contains(err.Error(), "context 1048576 exceeds this node's KV pool of 681280 tokens") {
		t.Fatalf("got %v", err)
	}
	q, _ := Plan(CapacityConfig{BytesPerToken: 131072, KVMemBytes: 681280 * 131072, ModelContext: 1 << 20, MaxContext: 4096})
	if err := q.Check(8192); err == nil || !strings.Contains(err.Error(), "exceeds this node's advertised context 4096") {
		t.Fatalf("got %v", err)
	}
	if s := q.String(); !strings.Contains(s, "advertised context   4,096 (configured)") {
		t.Fatalf("%s", s)
	}
	// LoRA adapters count besides the pool, within the memory given to them.
	a, err := Plan(CapacityConfig{BytesPerToken: 131072, KVMemBytes: 681280 * 131072, ModelContext: 1 << 20, AdapterBytes: 3 << 20, AdapterMemBytes: 4 << 20})
	if err != nil || !strings.HasSuffix(a.String(), "LoRA adapter bytes   3,145,728 (of 4,194,304 given to them)\nKV pool + adapters   89,299,877,888 bytes besides the model\n") {
		t.Fatalf("%v\n%s", err, a)
	}
	_, err = Plan(CapacityConfig{BytesPerToken: 131072, KVMemBytes: 681280 * 131072, ModelContext: 1 << 20, AdapterBytes: 5 << 20, AdapterMemBytes: 4 << 20})
	if err == nil || !strings.Contains(err.Error(), "the LoRA adapters hold 5242880 bytes, more than the 4194304 bytes given to them (--lora-mem)") {
		t.Fatalf("adapters over their memory: %v", err)
	}
	o, _ := Plan(CapacityConfig{BytesPerToken: 10, KVMemBytes: 1 << 20, ModelContext: 128, MaxContext: 512, OverrideModelContext: true})
	if s := o.String(); !strings.Contains(s, "advertised context   512 (OVERRIDES the model's 128") {
		t.Fatalf("%s", s)
	}
}
