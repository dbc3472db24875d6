package service

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/quote/limitorder"
)

// solverGate is limit-order's Gate (limitorder.Config.Gate): the order
// service's SolverPolicy, which is built after the providers; until then,
// and without one, every solver is admitted.
type solverGate struct {
	policy atomic.Pointer[order.SolverPolicy]
}

func (g *solverGate) Admit(solver string) bool {
	p := g.policy.Load()
	return p == nil || p.Admit(solver)
}

// solvers are the limit-order solvers the bundled provider asks: the
// Network's, then Config.Bundled's.
func (s *Service) solvers() []limitorder.Solver {
	return append(append([]limitorder.Solver(nil), s.network.Solvers...), s.cfg.Bundled.Solvers...)
}

// solverAccounts names each solver with its configured addresses on the
// catalog's chains (limitorder.Addressed), by which the index records its
// orders; a solver without any is never suspended.
func (s *Service) solverAccounts() []order.SolverAccounts {
	var out []order.SolverAccounts
	for _, sv := range s.solvers() {
		sa := order.SolverAccounts{Name: sv.Name()}
		if a, ok := sv.(limitorder.Addressed); ok {
			seen := map[string]bool{}
			for _, ch := range s.catalog.Chains() {
				if addr := a.Address(ch.Name); addr != "" && !seen[addr] {
					seen[addr] = true
					sa.Accounts = append(sa.Accounts, addr)
				}
			}
		}
		out = append(out, sa)
	}
	return out
}

// startSolverPolicy builds the order service's SolverPolicy (records and
// suspensions of Config.Orders.SolverSuspension), opens the gate through
// it and runs its refresh until Close.
func (s *Service) startSolverPolicy() (*order.SolverPolicy, error) {
	p, err := order.NewSolverPolicy(order.SolverPolicyConfig{Service: s.orders, Solvers: s.solverAccounts(),
		Suspension: s.cfg.Orders.SolverSuspension, Logger: s.logger, Registerer: s.cfg.Registry})
	if err != nil {
		return nil, err
	}
	s.solverGate.policy.Store(p)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { p.Run(ctx) })
	s.closers = append(s.closers, func() { cancel(); wg.Wait() })
	return p, nil
}
