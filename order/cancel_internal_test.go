package order

import (
	"math/big"
	"testing"

	"github.com/m0-orchestration/m0/asset"
)

// A cross-chain cancel's value: the fee and its margin, rounded up so that
// the value never falls short of the margin asked for.
func TestWithMargin(t *testing.T) {
	tests := []struct {
		fee  int64
		bps  int
		want int64
	}{
		{fee: 120_000_000_000_000, bps: DefaultCancelFeeMarginBps, want: 144_000_000_000_000},
		{fee: 10_001, bps: 2000, want: 12_002}, // 2000.2 rounds up
		{fee: 1, bps: 1, want: 2},              // 0.0001 rounds up
		{fee: 7, bps: maxCancelFeeMarginBps, want: 14},
		{fee: 1_000, bps: -1, want: 1_000}, // no margin
		{fee: 0, bps: 2000, want: 0},       // no fee
	}
	for _, tt := range tests {
		if got := withMargin(big.NewInt(tt.fee), tt.bps); got.Cmp(big.NewInt(tt.want)) != 0 {
			t.Errorf("withMargin(%d, %d bps) = %s, want %d", tt.fee, tt.bps, got, tt.want)
		}
	}
}

func TestNewCancelFeeMargin(t *testing.T) {
	var cat Catalog = new(asset.Catalog)
	for _, tt := range []struct {
		bps, want int
		ok        bool
	}{{0, DefaultCancelFeeMarginBps, true}, {-1, -1, true}, {500, 500, true}, {maxCancelFeeMarginBps, maxCancelFeeMarginBps, true}, {maxCancelFeeMarginBps + 1, 0, false}} {
		s, err := New(Config{Catalog: cat, CancelFeeMarginBps: tt.bps})
		switch {
		case !tt.ok && err == nil:
			t.Errorf("New accepted CancelFeeMarginBps %d", tt.bps)
		case tt.ok && err != nil:
			t.Errorf("New refused CancelFeeMarginBps %d: %v", tt.bps, err)
		case tt.ok && s.cfg.CancelFeeMarginBps != tt.want:
			t.Errorf("CancelFeeMarginBps %d became %d, want %d", tt.bps, s.cfg.CancelFeeMarginBps, tt.want)
		}
	}
}
