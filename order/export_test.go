package order

import "time"

// SetClock makes s read the time, for its leases, from now.
func SetClock(s *Store, now func() time.Time) { s.now = now }
