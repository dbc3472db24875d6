package main

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
)

// ordersReport is what became of the orders the traders opened, as
// GET /orders lists them once the drain is over.
type ordersReport struct {
	Opened int `json:"opened"`
	// Lost were opened and never listed; Duplicated listed more than
	// once; Extra listed but never opened by the load.
	Lost       []string `json:"lost"`
	Duplicated []string `json:"duplicated"`
	Extra      []string `json:"extra"`
	// Unfinished are listed but not COMPLETED with all of amountIn
	// released to the solver (a fill or its report lost), or, for an
	// order the load cancelled, not CANCELLED with all of it refunded.
	Unfinished []string `json:"unfinished"`
	// Cancels are the orders the load cancelled (the lazy solver's), and
	// of them those listed CANCELLED with all of amountIn refunded.
	Cancels   int `json:"cancels"`
	Cancelled int `json:"cancelled"`
	// TotalsWrong names each sender whose listed total or summed amountIn
	// is not what was opened.
	TotalsWrong []string `json:"totalsWrong"`
	ListError   string   `json:"listError,omitempty"`
	// IndexLag is the time from an order's receipt to its first listing.
	IndexLag durations `json:"indexLag"`
	// Streams: those that reached a final status, those resumed after
	// ending early (and how often), those that never ended.
	StreamsCompleted int      `json:"streamsCompleted"`
	StreamsResumed   int      `json:"streamsResumed"`
	Resumes          int      `json:"resumes"`
	StreamsUnended   []string `json:"streamsUnended"`
}

// verifyOrders waits (up to timeout) for every order opened to be listed
// COMPLETED and released, then compares the listing with the ledger.
func verifyOrders(ctx context.Context, api *client.Client, l *ledger, timeout time.Duration) ordersReport {
	opened := l.all()
	rep := ordersReport{Opened: len(opened)}
	deadline := time.Now().Add(timeout)
	var listed map[string][]orchestration.OrderSummary
	var totals map[string]int
	for {
		var err error
		listed, totals, err = listAll(ctx, api)
		if err != nil {
			rep.ListError = err.Error()
		} else {
			rep.ListError = ""
			if allDone(opened, listed) {
				break
			}
		}
		if time.Now().After(deadline) {
			break
		}
		sleep(ctx, 2*time.Second)
	}
	mine := map[string]bool{}
	sums := map[string]*big.Int{}
	counts := map[string]int{}
	for _, o := range opened {
		id := strings.ToLower(o.ID)
		mine[id] = true
		sender := strings.ToLower(o.Sender)
		if sums[sender] == nil {
			sums[sender] = new(big.Int)
		}
		sums[sender].Add(sums[sender], o.AmountIn)
		counts[sender]++
		switch got := listed[id]; {
		case len(got) == 0:
			rep.Lost = append(rep.Lost, o.ID)
		case len(got) > 1:
			rep.Duplicated = append(rep.Duplicated, o.ID)
		case !done(o, got[0]):
			rep.Unfinished = append(rep.Unfinished, fmt.Sprintf("%s (%s, released %s and refunded %s of %s%s)", o.ID, got[0].Status, got[0].AmountInReleased,
				got[0].AmountRefunded, o.AmountIn, map[bool]string{true: ", to be cancelled: " + o.CancelErr}[o.Cancel]))
		case o.Cancel:
			rep.Cancelled++
		}
		if o.Cancel {
			rep.Cancels++
		}
		if !o.IndexedAt.IsZero() {
			rep.IndexLag = append(rep.IndexLag, o.IndexedAt.Sub(o.OpenedAt))
		}
		switch {
		case o.LastStatus.Terminal():
			rep.StreamsCompleted++
		default:
			rep.StreamsUnended = append(rep.StreamsUnended, fmt.Sprintf("%s (last %q, id %d: %s)", o.ID, o.LastStatus, o.LastEventID, o.StreamErr))
		}
		if o.Resumes > 0 {
			rep.StreamsResumed++
			rep.Resumes += o.Resumes
		}
	}
	listedSums := map[string]*big.Int{}
	for id, got := range listed {
		if !mine[id] {
			rep.Extra = append(rep.Extra, id)
		}
		for _, s := range got {
			sender := strings.ToLower(s.Sender)
			if listedSums[sender] == nil {
				listedSums[sender] = new(big.Int)
			}
			amount, _ := new(big.Int).SetString(s.AmountIn, 10)
			if amount != nil {
				listedSums[sender].Add(listedSums[sender], amount)
			}
		}
	}
	if rep.ListError == "" {
		for sender, n := range counts {
			if totals[sender] != n || listedSums[sender] == nil || listedSums[sender].Cmp(sums[sender]) != 0 {
				rep.TotalsWrong = append(rep.TotalsWrong, fmt.Sprintf("%s: listed total %d, amountIn %v; opened %d, amountIn %s",
					sender, totals[sender], listedSums[sender], n, sums[sender]))
			}
		}
	}
	return rep
}

// listAll pages through GET /orders for every trader: the summaries by
// lowercased order id, and each sender's total.
func listAll(ctx context.Context, api *client.Client) (map[string][]orchestration.OrderSummary, map[string]int, error) {
	listed := map[string][]orchestration.OrderSummary{}
	totals := map[string]int{}
	for _, name := range traders {
		acct, _ := devnet.AccountByName(name)
		sender := strings.ToLower(acct.Address.Hex())
		limit := 100
		for offset := 0; ; offset += limit {
			off := offset
			page, err := api.Orders(ctx, orchestration.OrdersQuery{Sender: acct.Address.Hex(), Limit: &limit, Offset: &off})
			if err != nil {
				return nil, nil, fmt.Errorf("GET /orders?sender=%s: %w", acct.Address.Hex(), err)
			}
			totals[sender] = page.Total
			for _, s := range page.Orders {
				id := strings.ToLower(s.OrderID)
				listed[id] = append(listed[id], s)
			}
			if len(page.Orders) < limit {
				break
			}
		}
	}
	return listed, totals, nil
}

func allDone(opened []openedOrder, listed map[string][]orchestration.OrderSummary) bool {
	for _, o := range opened {
		got := listed[strings.ToLower(o.ID)]
		if len(got) != 1 || !done(o, got[0]) {
			return false
		}
	}
	return true
}

// done: filled, and the fill's report released all of amountIn; for an
// order the load cancelled, cancelled and all of amountIn refunded.
func done(o openedOrder, s orchestration.OrderSummary) bool {
	if o.Cancel {
		return s.Status == orchestration.OrderCancelled && s.AmountRefunded == o.AmountIn.String()
	}
	return s.Status == orchestration.OrderCompleted && s.AmountInReleased == o.AmountIn.String()
}
