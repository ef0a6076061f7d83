package engine

import (
	"context"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/testenv"
)

// TestShadowFairUnderFlood, as an attacker would blind the verifier: one tenant sends tiny
// requests back to back from several clients, so the engine is never idle and its samples
// overflow the queue, while another tenant finishes a few requests. The other tenant's answers
// are all verified during the flood (none of its samples dropped), the flooder's drops are
// counted against the flooder, and the re-runs that did it were started with the live work.
func TestShadowFairUnderFlood(t *testing.T) {
	// Four clients on a loaded test machine leave the odd gap a real flood does not: an idle
	// threshold of a second stands for an engine that is never idle.
	e := newEngine(t, demoModel, func(c *Config) { shadowOn(c); c.Shadow.Idle = time.Second })
	ctx, stop := context.WithCancel(context.Background())
	var flood sync.WaitGroup
	for c := range 4 {
		flood.Go(func() {
			for i := 0; ctx.Err() == nil; i++ {
				r := Request{Spec: Spec{Tenant: "mallory", Prompt: []int32{5, int32(6 + (c*7+i)%50)}, MaxTokens: 2, IgnoreEOS: true,
					Sampling: sampler.Params{TopLogprobs: -1}}}
				if st, err := e.Submit(ctx, r); err == nil {
					consume(st, 0)
				}
			}
		})
	}
	defer func() { stop(); flood.Wait() }()
	// Let the flood fill the queue with the flooder's samples first.
	for deadline := time.Now().Add(time.Minute); e.Stats().Shadow.Pending < DefaultShadowQueue; {
		if time.Now().After(deadline) {
			t.Fatalf("the flood never filled the queue: %+v", e.Stats().Shadow)
		}
		time.Sleep(time.Millisecond)
	}
	const victims = 5
	for i := range victims {
		r := Request{Spec: Spec{Tenant: "alice", Prompt: []int32{1, 403, 407, int32(261 + i)}, MaxTokens: 6, IgnoreEOS: true,
			Sampling: sampler.Params{TopLogprobs: -1}}}
		consume(mustSubmit(t, e, r), 0)
	}
	var st ShadowStats
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(2 * time.Millisecond) {
		st = e.Stats().Shadow
		if st.Tenants["alice"].Verified == victims {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("during the flood, %d of alice's %d answers verified: %+v", st.Tenants["alice"].Verified, victims, st)
		}
	}
	t.Logf("during the flood: verified %d (alice %d), with live work %d, dropped %v (mallory %v)",
		st.Verified, st.Tenants["alice"].Verified, st.Guaranteed, st.Dropped, st.Tenants["mallory"].Dropped)
	if n := sumDropped(st.Tenants["alice"].Dropped); n != 0 {
		t.Errorf("%d of alice's samples dropped: %v", n, st.Tenants["alice"].Dropped)
	}
	if d := st.Tenants["mallory"].Dropped[ShadowDropQueueFull]; d == 0 || d != st.Dropped[ShadowDropQueueFull] {
		t.Errorf("queue_full drops: mallory %d of %d in all; want every one of them the flooder's", d, st.Dropped[ShadowDropQueueFull])
	}
	if st.Guaranteed == 0 || st.Mismatches != 0 {
		t.Errorf("%d re-runs started with live work, %d mismatches: want some, and none", st.Guaranteed, st.Mismatches)
	}
}

// TestSpecCloneIsDeep: a shadow sample's copy of a request shares no memory with the caller's,
// whatever fields Spec gains: every field is filled by reflection, then everything the original
// reaches is changed in place.
func TestSpecCloneIsDeep(t *testing.T) {
	var orig, want Spec
	testenv.FillNonZero(t, "Spec", reflect.ValueOf(&orig).Elem())
	testenv.FillNonZero(t, "Spec", reflect.ValueOf(&want).Elem())
	c := orig.clone()
	scribble(reflect.ValueOf(&orig).Elem())
	if reflect.DeepEqual(orig, want) {
		t.Fatal("scribble changed nothing")
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("the clone changed with the original:\ngot  %+v\nwant %+v", c, want)
	}
}

// scribble changes in place every value v holds or reaches through slices, maps and pointers.
func scribble(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(v.String() + "!")
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(v.Uint() + 1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(v.Float() + 1)
	case reflect.Struct:
		for i := range v.NumField() {
			scribble(v.Field(i))
		}
	case reflect.Pointer:
		scribble(v.Elem())
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			scribble(v.Index(i))
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			scribble(e)
			v.SetMapIndex(k, e)
		}
	}
}
