package evm

import (
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// SetNow replaces the clock r judges the followed head's age by.
func SetNow(r *Reader, now func() time.Time) { r.clock.Store(&now) }

// RefreshWaiters is the number of reads of chain waiting for a refresh.
func RefreshWaiters(r *Reader, chain orchestration.Chain) int {
	return int(r.chains[chain].waiters.Load())
}
