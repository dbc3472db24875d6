package order

import (
	"cmp"
	"context"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/internal/promreg"
)

// solverScrapeTimeout bounds the read of the solvers' records a scrape
// makes.
const solverScrapeTimeout = 5 * time.Second

// SolverRecordsMaxAge is how long the solvers' records a scrape read serve
// later scrapes: the read scans the solvers' orders, so scrapers (several
// Prometheus servers, a 5 s interval) share one read per period instead of
// each scanning the index.
const SolverRecordsMaxAge = 30 * time.Second

var (
	solverWonDesc = prometheus.NewDesc("orchestration_solver_orders_won",
		"Orders opened in the records' window (24h by default) that the solver won (opened naming it, or first filled by it), by solver, from the order index.", []string{"solver"}, nil)
	solverFilledDesc = prometheus.NewDesc("orchestration_solver_orders_filled",
		"Orders opened in the records' window that the solver won and are COMPLETED, by solver, from the order index.", []string{"solver"}, nil)
	solverExpiredDesc = prometheus.NewDesc("orchestration_solver_orders_expired_unfilled",
		"Orders opened in the records' window that the solver won whose fill deadline passed unfilled, by solver, from the order index.", []string{"solver"}, nil)
	solverFillTimeDesc = prometheus.NewDesc("orchestration_solver_median_fill_seconds",
		"Median time from an order's opening to its last fill over the solver's filled orders, by solver (0 before its first fill).", []string{"solver"}, nil)
	solverReadFailedDesc = prometheus.NewDesc("orchestration_solver_records_up",
		"1 when the last scrape read the solvers' records from the order index, 0 when the read failed.", nil, nil)
)

// solverCollector exports the solvers' records (Service.SolverRecords),
// as recently read (Service.recentSolverRecords).
type solverCollector struct {
	svc *Service
}

func (*solverCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{solverWonDesc, solverFilledDesc, solverExpiredDesc, solverFillTimeDesc, solverReadFailedDesc} {
		ch <- d
	}
}

// solverRecordsCache holds the solvers' records last read, for
// SolverRecordsMaxAge. A failed read is not kept: the next one reads
// again.
type solverRecordsCache struct {
	mu      sync.Mutex
	read    time.Time
	since   time.Time // where the records begin
	records []SolverRecord
}

// recentSolverRecords returns the solvers' records over the orders opened
// since Config.SolverRecordsWindow ago, and where they begin, read again
// when those held are older than SolverRecordsMaxAge (by the index's
// clock); callers wait for one read at a time, bounded by 5 s.
func (s *Service) recentSolverRecords(ctx context.Context) ([]SolverRecord, time.Time, error) {
	if s.cfg.Index == nil {
		records, err := s.SolverRecords(ctx) // NotImplemented
		return records, time.Time{}, err
	}
	c := &s.recordsCache
	c.mu.Lock()
	defer c.mu.Unlock()
	if now := s.cfg.Index.now(); c.records == nil || now.Sub(c.read) >= SolverRecordsMaxAge {
		ctx, cancel := context.WithTimeout(ctx, solverScrapeTimeout)
		defer cancel()
		since := now.Add(-cmp.Or(s.cfg.SolverRecordsWindow, DefaultSuspensionWindow))
		records, err := s.solverRecords(ctx, since, nil)
		if err != nil {
			return nil, time.Time{}, err
		}
		if records == nil {
			records = []SolverRecord{}
		}
		c.records, c.read, c.since = records, now, since
	}
	return c.records, c.since, nil
}

func (c *solverCollector) Collect(ch chan<- prometheus.Metric) {
	records, _, err := c.svc.recentSolverRecords(context.Background())
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
// solver, read from the index at most once per SolverRecordsMaxAge (a scan
// of the solvers' orders, bounded by 5 s; see Store.SolverRecords), and
// orchestration_solver_records_up, 0 when that read failed. A service
// without an index registers nothing. A second registration on reg (a
// service rebuilt in one process) keeps the first.
func (s *Service) RegisterSolverMetrics(reg prometheus.Registerer) error {
	if reg == nil || s.cfg.Index == nil {
		return nil
	}
	_, err := promreg.Register(reg, prometheus.Collector(&solverCollector{svc: s}))
	return err
}
