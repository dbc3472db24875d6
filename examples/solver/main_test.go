package main

import (
	"io"
	"log/slog"
	"math/big"
	"strings"
	"testing"
)

// The solver refuses to start without what it needs, naming it.
func TestRunRefusesMissingSettings(t *testing.T) {
	const key = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
	for _, tc := range []struct {
		name  string
		o     Options
		inErr string
	}{
		{"no secret", Options{Key: key}, "SOLVER_RFQ_SECRET"},
		{"short secret", Options{Key: key, Secret: "short"}, "at least 16 bytes"},
		{"no key", Options{Secret: "0123456789abcdef0"}, "SOLVER_PRIVATE_KEY"},
		{"bad spread", Options{Key: key, Secret: "0123456789abcdef0", SpreadBps: 10_000}, "-spread-bps"},
		{"no config", Options{Key: key, Secret: "0123456789abcdef0", ConfigFile: t.TempDir() + "/none.yaml"}, "none.yaml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := run(t.Context(), tc.o, io.Discard, slog.New(slog.DiscardHandler))
			if err == nil || !strings.Contains(err.Error(), tc.inErr) {
				t.Errorf("run: %v, want an error naming %q", err, tc.inErr)
			}
		})
	}
}

// price is a dollar per token less the spread, across decimals, rounded
// down.
func TestPrice(t *testing.T) {
	s := &solver{o: Options{SpreadBps: 5}}
	for _, tc := range []struct {
		fromDec, toDec int
		in, want       string
	}{
		{6, 6, "3000000", "2998500"},
		{6, 18, "1000000", "999500000000000000"},
		{18, 6, "1000000000000000000", "999500"},
		{6, 6, "1", "0"},
	} {
		in, _ := new(big.Int).SetString(tc.in, 10)
		if got := s.price(tc.fromDec, tc.toDec, in); got.String() != tc.want {
			t.Errorf("price(%d→%d, %s) = %s, want %s", tc.fromDec, tc.toDec, tc.in, got, tc.want)
		}
	}
}
