package order

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/promreg"
	"github.com/m0-orchestration/m0/orchestration"
)

// The defaults of SuspensionConfig's zero fields, once suspension is on.
const (
	DefaultSuspensionMinOrders = 10
	DefaultSuspensionWindow    = 24 * time.Hour
	DefaultSuspensionCooldown  = time.Hour
)

// SuspensionConfig says when a solver is suspended: left out of quotes
// because the orders it won expire unfilled (decision 55). The zero value
// suspends no one.
type SuspensionConfig struct {
	// MaxExpiredRate suspends a solver once ExpiredUnfilled / Won, over
	// the orders it won that were opened in Window, reaches it (with at
	// least MinOrders won there). Zero turns suspension off; otherwise it
	// is in (0, 1]: 1 suspends only a solver that filled none.
	MaxExpiredRate float64
	// MinOrders is how many orders a solver must have won in Window before
	// it is judged; zero means DefaultSuspensionMinOrders.
	MinOrders int
	// Window is how far back, by opening time, a solver's orders are
	// judged; zero means DefaultSuspensionWindow. It should be longer than
	// the fill horizon, or no order in it has expired yet.
	Window time.Duration
	// Cooldown is how long a suspension lasts; zero means
	// DefaultSuspensionCooldown. A solver back from one is judged only on
	// the orders opened since its return.
	Cooldown time.Duration
	// Refresh is how often Run reads the records and decides; zero means
	// SolverRecordsMaxAge.
	Refresh time.Duration
}

// on reports whether suspension is on.
func (c SuspensionConfig) on() bool { return c.MaxExpiredRate > 0 }

// withDefaults returns c with its zero fields set to their defaults.
func (c SuspensionConfig) withDefaults() SuspensionConfig {
	c.MinOrders = cmp.Or(c.MinOrders, DefaultSuspensionMinOrders)
	c.Window = cmp.Or(c.Window, DefaultSuspensionWindow)
	c.Cooldown = cmp.Or(c.Cooldown, DefaultSuspensionCooldown)
	c.Refresh = cmp.Or(c.Refresh, SolverRecordsMaxAge)
	return c
}

// Check reports a field out of range, naming it as written in Go.
func (c SuspensionConfig) Check() error {
	switch {
	case c.MaxExpiredRate < 0 || c.MaxExpiredRate > 1 || c.MaxExpiredRate != c.MaxExpiredRate:
		return fmt.Errorf("MaxExpiredRate %v: must be 0 (off) or in (0, 1]", c.MaxExpiredRate)
	case c.MinOrders < 0:
		return errors.New("MinOrders: must not be negative")
	case c.Window < 0:
		return errors.New("Window: must not be negative")
	case c.Cooldown < 0:
		return errors.New("Cooldown: must not be negative")
	case c.Refresh < 0:
		return errors.New("Refresh: must not be negative")
	}
	return nil
}

// SolverAccounts names a solver the service asks for offers and its
// accounts on chain, as configured (an EVM address, a Solana key).
type SolverAccounts struct {
	Name     string
	Accounts []string
}

// SolverPolicyConfig configures a SolverPolicy.
type SolverPolicyConfig struct {
	// Service reads the records; required. Without an index its
	// SolverStats is NotImplemented and suspension cannot be on.
	Service *Service
	// Solvers are the solvers asked for offers. A solver is judged by the
	// orders won by its accounts; one with no account configured is never
	// suspended (its orders cannot be told from another's).
	Solvers []SolverAccounts
	// Suspension is the rule; the zero value suspends no one.
	Suspension SuspensionConfig
	// Logger receives a line when a solver is suspended and when it
	// returns, and failed reads; nil means the Service's.
	Logger *slog.Logger
	// Registerer receives orchestration_solver_suspensions_total and
	// orchestration_solver_suspended by solver; nil registers nothing.
	Registerer prometheus.Registerer
	// Now is the clock of the window, the cooldowns and Admit; nil means
	// the index's (time.Now). Whether an order has expired is the index's
	// to say, by its own clock.
	Now func() time.Time
}

// SolverPolicy decides which solvers are asked for offers, from their
// records in the order index: a solver whose orders expire unfilled at
// SuspensionConfig's rate is suspended for its cooldown (Admit is false),
// logged and counted. Run refreshes the decisions; SolverStats reports the
// records with them (GET /solvers/stats). Each replica decides on its own
// from the shared index, and a restart forgets the suspensions (the next
// refresh finds the same records). It is safe for concurrent use.
type SolverPolicy struct {
	svc      *Service
	cfg      SuspensionConfig
	logger   *slog.Logger
	now      func() time.Time
	names    []string            // the configured solvers, in their order
	nameOf   map[string]string   // by account as the records write it
	accounts map[string][]string // by name, as the records write them

	suspensions *prometheus.CounterVec
	suspended   *prometheus.GaugeVec

	mu    sync.RWMutex
	state map[string]*solverState // by name
}

// solverState is what the policy holds of one solver.
type solverState struct {
	// until is when its suspension ends; zero if never suspended.
	until time.Time
	// out says it was suspended at the last refresh (its return is logged
	// at the first refresh past until).
	out bool
	// since is when it returned from its last suspension: it is judged on
	// the orders opened since.
	since time.Time
}

var _ orchestration.Solvers = (*SolverPolicy)(nil)

// NewSolverPolicy returns the policy of cfg. It does no I/O.
func NewSolverPolicy(cfg SolverPolicyConfig) (*SolverPolicy, error) {
	if cfg.Service == nil {
		return nil, errors.New("order: SolverPolicyConfig.Service is required")
	}
	if err := cfg.Suspension.Check(); err != nil {
		return nil, fmt.Errorf("order: SolverPolicyConfig.Suspension.%w", err)
	}
	svc := cfg.Service
	if cfg.Suspension.on() && svc.cfg.Index == nil {
		return nil, errors.New("order: solver suspension needs the order index (Config.Index)")
	}
	p := &SolverPolicy{svc: svc, cfg: cfg.Suspension.withDefaults(), logger: cmp.Or(cfg.Logger, svc.logger),
		now: cfg.Now, nameOf: map[string]string{}, accounts: map[string][]string{}, state: map[string]*solverState{}}
	if p.logger == nil {
		p.logger = slog.Default()
	}
	if p.now == nil {
		p.now = time.Now
		if svc.cfg.Index != nil {
			p.now = svc.cfg.Index.now
		}
	}
	for i, s := range cfg.Solvers {
		if s.Name == "" || p.state[s.Name] != nil {
			return nil, fmt.Errorf("order: SolverPolicyConfig.Solvers[%d]: no name, or a name given twice", i)
		}
		p.names = append(p.names, s.Name)
		p.state[s.Name] = &solverState{}
		for _, a := range s.Accounts {
			if a = svc.canonicalAccount(a); a != "" && p.nameOf[a] == "" {
				p.nameOf[a] = s.Name
				p.accounts[s.Name] = append(p.accounts[s.Name], a)
			}
		}
	}
	if cfg.Registerer != nil {
		var err error
		if p.suspensions, err = promreg.Register(cfg.Registerer, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "orchestration_solver_suspensions_total",
			Help: "Times the solver was suspended (left out of quotes) for orders it left to expire unfilled, by solver.",
		}, []string{"solver"})); err != nil {
			return nil, err
		}
		if p.suspended, err = promreg.Register(cfg.Registerer, prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "orchestration_solver_suspended",
			Help: "1 while the solver is suspended (not asked for offers), else 0, by solver; as of the last refresh.",
		}, []string{"solver"})); err != nil {
			return nil, err
		}
		for _, n := range p.names {
			p.suspensions.WithLabelValues(n)
			p.suspended.WithLabelValues(n).Set(0)
		}
	}
	return p, nil
}

// Admit reports whether solver (a configured solver's name) may be asked
// for offers now: false while it is suspended. It reads no records
// (limitorder.Gate).
func (p *SolverPolicy) Admit(solver string) bool {
	p.mu.RLock()
	st := p.state[solver]
	p.mu.RUnlock()
	return st == nil || !p.now().Before(st.until)
}

// Refresh reads the records of the window and decides: a solver past its
// cooldown returns, one over the rate is suspended. Suspension off, it
// does nothing.
func (p *SolverPolicy) Refresh(ctx context.Context) error {
	if !p.cfg.on() {
		return nil
	}
	now := p.now()
	windowStart := now.Add(-p.cfg.Window)
	p.mu.Lock()
	judgedSince := make(map[string]time.Time, len(p.state))
	for name, st := range p.state {
		if st.out && !now.Before(st.until) {
			st.out, st.since = false, st.until
			p.logger.Info("solver returns from suspension: it is asked for offers again", "solver", name)
			if p.suspended != nil {
				p.suspended.WithLabelValues(name).Set(0)
			}
		}
		judgedSince[name] = windowStart
		if st.since.After(windowStart) {
			judgedSince[name] = st.since
		}
	}
	p.mu.Unlock()

	records, err := p.svc.solverRecords(ctx, windowStart, func(solver string, opened time.Time) bool {
		name, ok := p.nameOf[solver]
		return ok && !opened.Before(judgedSince[name])
	})
	if err != nil {
		return fmt.Errorf("order: solver suspensions: %w", err)
	}
	type tally struct{ won, expired int }
	byName := map[string]tally{}
	for _, r := range records {
		name := p.nameOf[r.Solver]
		t := byName[name]
		t.won += r.Won
		t.expired += r.ExpiredUnfilled
		byName[name] = t
	}

	p.mu.Lock()
	defer p.mu.Unlock()
	for _, name := range p.names {
		st, t := p.state[name], byName[name]
		if !now.Before(st.until) && t.won >= p.cfg.MinOrders && float64(t.expired) >= p.cfg.MaxExpiredRate*float64(t.won) {
			st.until, st.out = now.Add(p.cfg.Cooldown), true
			p.logger.Warn("solver suspended: the orders it won expire unfilled; it is not asked for offers until the cooldown ends",
				"solver", name, "won", t.won, "expiredUnfilled", t.expired, "since", judgedSince[name].UTC().Format(time.RFC3339),
				"maxExpiredRate", p.cfg.MaxExpiredRate, "until", st.until.UTC().Format(time.RFC3339))
			if p.suspensions != nil {
				p.suspensions.WithLabelValues(name).Inc()
				p.suspended.WithLabelValues(name).Set(1)
			}
		}
	}
	return nil
}

// Run refreshes the decisions every SuspensionConfig.Refresh until ctx
// ends, the first at once; a failed read is logged, and the decisions
// stand until the next one. Suspension off, it returns at once.
func (p *SolverPolicy) Run(ctx context.Context) {
	if !p.cfg.on() {
		return
	}
	t := time.NewTicker(p.cfg.Refresh)
	defer t.Stop()
	for {
		if err := p.Refresh(ctx); err != nil && ctx.Err() == nil {
			p.logger.Warn("solver suspensions not refreshed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// SolverStats is every solver's record over the orders opened in the
// service's Config.SolverRecordsWindow (read at most once per
// SolverRecordsMaxAge) with its suspension, by name then
// address; a configured solver's account that won no order is listed
// too, and a configured solver without an account by its name alone.
// NotImplemented without an index; OrderIndexUnavailable (503, decision
// 100) when the index cannot be read.
func (p *SolverPolicy) SolverStats(ctx context.Context) (*orchestration.SolverStats, error) {
	records, since, err := p.svc.recentSolverRecords(ctx)
	if err != nil {
		if _, ok := orchestration.CodeOf(err); ok {
			return nil, err
		}
		return nil, indexUnavailable(err)
	}
	now := p.now()
	out := &orchestration.SolverStats{Since: since.Unix(), Solvers: make([]orchestration.SolverStat, 0, len(records)+len(p.names))}
	listed := map[string]bool{} // accounts, and names without one
	for _, r := range records {
		s := orchestration.SolverStat{Name: cmp.Or(p.nameOf[r.Solver], r.Solver), Address: r.Solver,
			Won: int64(r.Won), Filled: int64(r.Filled), ExpiredUnfilled: int64(r.ExpiredUnfilled)}
		if r.Filled > 0 {
			s.MedianFillSeconds = new(r.MedianTimeToFill.Seconds())
		}
		listed[r.Solver] = true
		out.Solvers = append(out.Solvers, s)
	}
	for _, n := range p.names {
		if len(p.accounts[n]) == 0 {
			out.Solvers = append(out.Solvers, orchestration.SolverStat{Name: n})
		}
		for _, a := range p.accounts[n] {
			if !listed[a] {
				out.Solvers = append(out.Solvers, orchestration.SolverStat{Name: n, Address: a})
			}
		}
	}
	p.mu.RLock()
	for i := range out.Solvers {
		s := &out.Solvers[i]
		st := p.state[s.Name]
		configured := st != nil && (s.Address == "" || p.nameOf[s.Address] == s.Name)
		if configured && now.Before(st.until) {
			s.Suspended, s.SuspendedUntil = true, new(st.until.UTC())
		}
	}
	p.mu.RUnlock()
	slices.SortFunc(out.Solvers, func(a, b orchestration.SolverStat) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(a.Address, b.Address))
	})
	return out, nil
}
