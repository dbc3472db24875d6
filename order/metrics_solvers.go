package order

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/promreg"
)

// solverScrapeTimeout bounds the read of the solvers' records a scrape
// makes.
const solverScrapeTimeout = 5 * time.Second

var (
	solverWonDesc = prometheus.NewDesc("orchestration_solver_orders_won",
		"Orders the solver won (opened naming it, or first filled by it), by solver, from the order index.", []string{"solver"}, nil)
	solverFilledDesc = prometheus.NewDesc("orchestration_solver_orders_filled",
		"Orders the solver won that are COMPLETED, by solver, from the order index.", []string{"solver"}, nil)
	solverExpiredDesc = prometheus.NewDesc("orchestration_solver_orders_expired_unfilled",
		"Orders the solver won whose fill deadline passed unfilled, by solver, from the order index.", []string{"solver"}, nil)
	solverFillTimeDesc = prometheus.NewDesc("orchestration_solver_median_fill_seconds",
		"Median time from an order's opening to its last fill over the solver's filled orders, by solver (0 before its first fill).", []string{"solver"}, nil)
	solverReadFailedDesc = prometheus.NewDesc("orchestration_solver_records_up",
		"1 when the last scrape read the solvers' records from the order index, 0 when the read failed.", nil, nil)
)

// solverCollector exports the solvers' records (Service.SolverRecords),
// read afresh on every scrape.
type solverCollector struct{ svc *Service }

func (solverCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{solverWonDesc, solverFilledDesc, solverExpiredDesc, solverFillTimeDesc, solverReadFailedDesc} {
		ch <- d
	}
}

func (c solverCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), solverScrapeTimeout)
	defer cancel()
	records, err := c.svc.SolverRecords(ctx)
	if err != nil {
		ch <- prometheus.MustNewConstMetric(solverReadFailedDesc, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(solverReadFailedDesc, prometheus.GaugeValue, 1)
	for _, r := range records {
		ch <- prometheus.MustNewConstMetric(solverWonDesc, prometheus.GaugeValue, float64(r.Won), r.Solver)
		ch <- prometheus.MustNewConstMetric(solverFilledDesc, prometheus.GaugeValue, float64(r.Filled), r.Solver)
		ch <- prometheus.MustNewConstMetric(solverExpiredDesc, prometheus.GaugeValue, float64(r.ExpiredUnfilled), r.Solver)
		ch <- prometheus.MustNewConstMetric(solverFillTimeDesc, prometheus.GaugeValue, r.MedianTimeToFill.Seconds(), r.Solver)
	}
}

// RegisterSolverMetrics exports the solvers' records on reg as gauges by
// solver, read from the index on every scrape (a scan of the solvers'
// orders, bounded by 5 s; see Store.SolverRecords), and
// orchestration_solver_records_up, 0 when that read failed. A service
// without an index registers nothing. A second registration on reg (a
// service rebuilt in one process) keeps the first.
func (s *Service) RegisterSolverMetrics(reg prometheus.Registerer) error {
	if reg == nil || s.cfg.Index == nil {
		return nil
	}
	_, err := promreg.Register(reg, prometheus.Collector(solverCollector{s}))
	return err
}
