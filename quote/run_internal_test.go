package quote

import (
	"reflect"
	"testing"
)

// A released run holds nothing of its request, past the length of its
// buffers too: a round's list replaces a longer one's in the same array
// (fetch, next, pending, ...), and what lay past the new length would
// otherwise keep the legs, their answers and Build closures alive in the
// pool.
func TestReleasedRunKeepsNoPointerPastLength(t *testing.T) {
	r := runs.New().(*run) // a run of its own, not one from the pool
	legs := []*legCall{{}, {}, {}, {}, {}}
	routes := []*route{{}, {}, {}, {}, {}}
	// The first round's lists, then a shorter one's in the same arrays.
	r.planning.fetch = append(r.planning.fetch[:0], legs...)
	r.planning.fetch = append(r.planning.fetch[:0], legs[0])
	r.rounds.next = append(r.rounds.next[:0], legs...)
	r.rounds.next = append(r.rounds.next[:0], legs[0])
	r.rounds.pending = append(r.rounds.pending[:0], routes...)
	r.rounds.pending = append(r.rounds.pending[:0], routes[0])
	r.planning.routes = append(r.planning.routes[:0], routes...)
	r.planning.routes = r.planning.routes[:0]
	r.composing.ranked = append(r.composing.ranked[:0], pricedRoute{}, pricedRoute{})
	r.composing.ranked[1].rt = routes[1]
	r.composing.ranked = r.composing.ranked[:1]
	fetch, next, pending, rts, ranked := r.planning.fetch[:cap(r.planning.fetch)], r.rounds.next[:cap(r.rounds.next)], r.rounds.pending[:cap(r.rounds.pending)], r.planning.routes[:cap(r.planning.routes)], r.composing.ranked[:cap(r.composing.ranked)]

	r.release()

	for name, n := range map[string]int{
		"fetch":   countSet(fetch),
		"next":    countSet(next),
		"pending": countSet(pending),
		"routes":  countSet(rts),
	} {
		if n > 0 {
			t.Errorf("released run: %d of %s's slots still point at the request's values", n, name)
		}
	}
	for i := range ranked {
		if ranked[i].rt != nil {
			t.Errorf("released run: ranked[%d] still points at a route", i)
		}
	}
}

func countSet[T any](s []*T) int {
	n := 0
	for _, p := range s {
		if p != nil {
			n++
		}
	}
	return n
}

// The engine keeps what a leg declares it reads by declKey, on the promise
// that declarations depend on the leg request alone. Every field of
// LegRequest is either in the key or known not to matter; a field added
// without a decision here would make the engine serve one request's reads
// to another silently.
func TestDeclKeyCoversLegRequest(t *testing.T) {
	decided := map[string]string{
		"Edge":             "declKey.edge",
		"AmountIn":         "declKey.amount and known",
		"AmountOut":        "nil on every leg declared through declKey: exact-output legs are declared afresh (exactout.go, newDeclaration)",
		"Funder":           "legParties.funder",
		"Sender":           "legParties.sender",
		"Recipient":        "legParties.recipient, or the funder when declKey.toRecipient is false",
		"Refund":           "always the funder (legRequest)",
		"SlippageBps":      "legParties.slippageBps",
		"State":            "empty when reads are declared",
		"DestinationState": "empty when reads are declared",
	}
	typ := reflect.TypeFor[LegRequest]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if _, ok := decided[f.Name]; !ok {
			t.Errorf("LegRequest.%s is new: put it in declKey (plan.go), or say here why declarations do not depend on it", f.Name)
		}
		delete(decided, f.Name)
	}
	for name := range decided {
		t.Errorf("LegRequest has no field %s any more: drop it here (and from declKey)", name)
	}
}
