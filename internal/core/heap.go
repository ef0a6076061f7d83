package core

import "fmt"

// The two heaps of tenants: the waiting heap (every tenant with waiting requests, next admission
// first) and the step heap (tenants with work in the current pass, least served first). Each
// tenant records its position in each, so a tenant whose key changed is fixed in place with
// container/heap's Fix and Remove. Nothing here allocates: the elements are pointers.

// tenantOrder is a heap's order and the tenant field that holds its position in that heap.
type tenantOrder interface {
	less(a, b *tenant) bool
	pos(t *tenant) *int
}

// tenantHeap implements heap.Interface for order O.
type tenantHeap[O tenantOrder] []*tenant

func (h tenantHeap[O]) Len() int           { return len(h) }
func (h tenantHeap[O]) Less(i, j int) bool { var o O; return o.less(h[i], h[j]) }

func (h tenantHeap[O]) Swap(i, j int) {
	var o O
	h[i], h[j] = h[j], h[i]
	*o.pos(h[i]), *o.pos(h[j]) = i, j
}

func (h *tenantHeap[O]) Push(x any) {
	var o O
	t := x.(*tenant)
	*o.pos(t) = len(*h)
	*h = append(*h, t)
}

func (h *tenantHeap[O]) Pop() any {
	var o O
	old := *h
	t := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	*o.pos(t) = -1
	return t
}

// byWaiting orders the waiting heap by (virtual time, head arrival).
type byWaiting struct{}

func (byWaiting) less(a, b *tenant) bool {
	if a.vt != b.vt {
		return a.vt < b.vt
	}
	return a.queue[0].arrival < b.queue[0].arrival
}

func (byWaiting) pos(t *tenant) *int { return &t.heapIdx }

// byService orders the step heap by (service virtual time, index).
type byService struct{}

func (byService) less(a, b *tenant) bool {
	if a.svt != b.svt {
		return a.svt < b.svt
	}
	return a.idx < b.idx
}

func (byService) pos(t *tenant) *int { return &t.sIdx }

// mustBeOrdered panics unless h is a heap with every position recorded: a key changed without
// heap.Fix would make the policy serve the wrong tenant next. Called only in invariants builds.
func (h tenantHeap[O]) mustBeOrdered() {
	var o O
	for i, t := range h {
		if *o.pos(t) != i {
			panic(fmt.Sprintf("core: tenant %s at heap position %d records %d", t.name, i, *o.pos(t)))
		}
		if i > 0 && h.Less(i, (i-1)/2) {
			panic(fmt.Sprintf("core: tenant %s orders before its heap parent %s", t.name, h[(i-1)/2].name))
		}
	}
}
