package probe

import (
	"fmt"
	"math"
)

// spend is what one check (or the whole run) has sent.
type spend struct {
	Requests     int   `json:"requests"`
	PromptTokens int64 `json:"prompt_tokens"`
	OutputTokens int64 `json:"output_tokens"` // max_tokens asked for: the most the endpoint may generate
}

func (s spend) plus(o spend) spend {
	return spend{s.Requests + o.Requests, s.PromptTokens + o.PromptTokens, s.OutputTokens + o.OutputTokens}
}

// fits: s plus o stays within limit, whose zero fields are no limit.
func (s spend) fits(o, limit spend) bool {
	t := s.plus(o)
	return (limit.Requests == 0 || t.Requests <= limit.Requests) &&
		(limit.PromptTokens == 0 || t.PromptTokens <= limit.PromptTokens) &&
		(limit.OutputTokens == 0 || t.OutputTokens <= limit.OutputTokens)
}

// promptCost is what a prompt is charged before it is sent: token ids exactly, a text prompt by
// the most tokens per byte seen so far (corrected from the usage report afterwards).
func (c *client) promptCost(prompt any) int64 {
	switch v := prompt.(type) {
	case []int:
		return int64(len(v))
	case string:
		c.mu.Lock()
		defer c.mu.Unlock()
		return int64(math.Ceil(float64(len(v))*c.textRate)) + 8
	}
	return 0
}

// charge takes cost from the run's budgets and the check's share, or refuses with errBudget and
// takes nothing.
func (c *client) charge(check string, cost spend) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.total.fits(cost, c.limit) {
		return fmt.Errorf("%w: the run's", errBudget)
	}
	if a, ok := c.allot[check]; ok && !c.spent[check].fits(cost, a) {
		return fmt.Errorf("%w: the %s check's share", errBudget, check)
	}
	c.total = c.total.plus(cost)
	c.spent[check] = c.spent[check].plus(cost)
	c.sent.Add(int64(cost.Requests))
	return nil
}

// correct replaces a text prompt's estimate by the tokens the endpoint counted, and learns the
// endpoint's tokens per byte from it.
func (c *client) correct(check string, prompt any, charged int64, counted int) {
	s, ok := prompt.(string)
	if !ok || counted < 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	d := int64(counted) - charged
	c.total.PromptTokens += d
	sp := c.spent[check]
	sp.PromptTokens += d
	c.spent[check] = sp
	if len(s) > 0 {
		c.textRate = max(c.textRate, 1.1*float64(counted)/float64(len(s)))
	}
}

// remaining is what check may still send: the least of its share and the run's budgets (a zero
// field is no limit).
func (c *client) remaining(check string) spend {
	c.mu.Lock()
	defer c.mu.Unlock()
	left := func(limit, used int64) int64 {
		if limit == 0 {
			return math.MaxInt64
		}
		return max(limit-used, 0)
	}
	r := spend{int(left(int64(c.limit.Requests), int64(c.total.Requests))), left(c.limit.PromptTokens, c.total.PromptTokens), left(c.limit.OutputTokens, c.total.OutputTokens)}
	if a, ok := c.allot[check]; ok {
		s := c.spent[check]
		r.Requests = min(r.Requests, int(left(int64(a.Requests), int64(s.Requests))))
		r.PromptTokens = min(r.PromptTokens, left(a.PromptTokens, s.PromptTokens))
		r.OutputTokens = min(r.OutputTokens, left(a.OutputTokens, s.OutputTokens))
	}
	return r
}

func (c *client) spentBy(check string) spend {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.spent[check]
}
