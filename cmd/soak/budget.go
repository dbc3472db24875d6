package main

import (
	"fmt"
	"time"
)

// budgetReport is what the budget key (budgetRate, asked ten times a
// second round-robin across the replicas) was allowed: one budget shared
// through Redis, and each replica's own while Redis is down (the
// limiter's documented fallback).
type budgetReport struct {
	Limit   string `json:"limit"`
	Allowed int    `json:"allowed"`
	Limited int    `json:"limited"` // 429 RateLimited
	// Shared is outside Redis's outages: allowed, and the most the shared
	// budget allows over that time (tolerance included).
	Shared, SharedMost int
	// Outages are the Redis fault windows, each with its grace.
	Outages []budgetWindow `json:"outages"`
}

type budgetWindow struct {
	Fault   string        `json:"fault"`
	Length  time.Duration `json:"lengthNanos"`
	Allowed int           `json:"allowed"`
	// Most is what the replicas' own budgets allow over the window.
	Most int `json:"most"`
}

// budgetTolerance is the share over the exact budget the count may reach
// (clock skew between replicas, a bucket's refill in flight).
const budgetTolerance = 0.15

func checkBudget(calls []call, runs []*faultRun, start, loadEnd time.Time, replicas int, grace time.Duration) budgetReport {
	rate := float64(budgetRate.Count) / budgetRate.Period.Seconds()
	burst := float64(budgetRate.Count)
	rep := budgetReport{Limit: budgetRate.String()}
	var outages []*faultRun
	for _, r := range runs {
		if r.Fault == "redis-stop" {
			outages = append(outages, r)
			rep.Outages = append(rep.Outages, budgetWindow{Fault: r.Fault, Length: r.Mended.Add(grace).Sub(r.Start)})
		}
	}
	in := func(c call) int {
		for i, r := range outages {
			if r.covers(c.At, grace) {
				return i
			}
		}
		return -1
	}
	for _, c := range calls {
		if c.Op != budgetOp {
			continue
		}
		switch c.Status {
		case 200:
			rep.Allowed++
			if i := in(c); i >= 0 {
				rep.Outages[i].Allowed++
			} else {
				rep.Shared++
			}
		case 429:
			rep.Limited++
		}
	}
	shared := loadEnd.Sub(start)
	for i := range rep.Outages {
		w := &rep.Outages[i]
		shared -= w.Length
		w.Most = int((1 + budgetTolerance) * float64(replicas) * (rate*w.Length.Seconds() + burst))
	}
	// Redis comes back empty: one more burst after each outage.
	rep.SharedMost = int((1+budgetTolerance)*rate*shared.Seconds() + burst*float64(1+len(outages)))
	return rep
}

// failures are the budget's breaches, for the verdict.
func (b budgetReport) failures() []string {
	var out []string
	if b.Limited == 0 {
		out = append(out, "the budget key was never limited (429): the rate limiter did not limit")
	}
	if b.Shared > b.SharedMost {
		out = append(out, fmt.Sprintf("the budget key was allowed %d requests outside Redis's outages, over the shared budget's %d", b.Shared, b.SharedMost))
	}
	for _, w := range b.Outages {
		if w.Allowed > w.Most {
			out = append(out, fmt.Sprintf("the budget key was allowed %d requests in %s's %s, over the replicas' own budgets' %d",
				w.Allowed, w.Fault, w.Length.Round(time.Second), w.Most))
		}
	}
	return out
}
