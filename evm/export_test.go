package evm

import "time"

// SetNow replaces the clock r judges the followed head's age by.
func SetNow(r *Reader, now func() time.Time) { r.now = now }
