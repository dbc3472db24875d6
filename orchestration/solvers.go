package orchestration

import "time"

// SolverStats is the answer of GET /solvers/stats, this project's own
// (decision 54): each solver's record of limit orders, read from the order
// index, and whether the service has suspended it for orders it left to
// expire unfilled.
type SolverStats struct {
	// Since is where the records begin (Unix seconds): they count the
	// orders opened since then, a window the server configures (24h by
	// default), so that reading them never scans the whole index.
	Since   int64        `json:"since"`
	Solvers []SolverStat `json:"solvers"`
}

// SolverStat is one solver's record over the orders opened since
// SolverStats.Since, the window the suspension judges too.
type SolverStat struct {
	// Name is the configured solver's name when Address is one of its
	// addresses, else the account itself (a solver that fills open orders
	// without being asked by this service).
	Name string `json:"name"`
	// Address is the solver's account on chain, as the destination chain
	// writes it; absent for a configured solver without a configured
	// address that has won no order.
	Address string `json:"address,omitempty"`
	// Won counts the orders it won: opened naming it, or, for an order any
	// solver may fill, filled first by it.
	Won int64 `json:"won"`
	// Filled counts the orders it won that are COMPLETED.
	Filled int64 `json:"filled"`
	// ExpiredUnfilled counts the orders it won whose fill deadline passed
	// before they were COMPLETED (a sender's cancel before the deadline is
	// not counted).
	ExpiredUnfilled int64 `json:"expiredUnfilled"`
	// MedianFillSeconds is the median time from an order's opening to its
	// last fill over its filled orders; absent before its first fill.
	MedianFillSeconds *float64 `json:"medianFillSeconds,omitempty"`
	// Suspended says the service does not ask the solver for offers now.
	Suspended bool `json:"suspended"`
	// SuspendedUntil is when its suspension ends, while Suspended.
	SuspendedUntil *time.Time `json:"suspendedUntil,omitempty"`
}
