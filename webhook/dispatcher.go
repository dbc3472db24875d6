package webhook

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/errgroup"
)

// Defaults for the zero values of DispatcherConfig.
const (
	DefaultPollInterval = time.Second
	DefaultBatch        = 32
	DefaultConcurrency  = 8
	DefaultTimeout      = 10 * time.Second
	DefaultFirstRetry   = 5 * time.Second
	DefaultMaxRetry     = time.Hour
	DefaultMaxAttempts  = 15
	DefaultMaxAge       = 24 * time.Hour
)

// DispatcherConfig configures NewDispatcher.
type DispatcherConfig struct {
	// Store holds the outbox. Required.
	Store Store
	// Client sends the deliveries; nil means a client of its own without
	// cookies that follows no redirects (a redirect is a failed attempt).
	// Each request is bounded by Timeout.
	Client *http.Client
	// Holder names this dispatcher in the outbox's leases; dispatchers
	// sharing a store need distinct names. Empty means the host name, the
	// process id and a random suffix.
	Holder string
	// PollInterval is the wait between looks at an outbox with nothing
	// due (Wake cuts it short); zero means DefaultPollInterval.
	PollInterval time.Duration
	// Batch is the most events one look claims; zero means DefaultBatch.
	Batch int
	// Concurrency bounds the deliveries in flight; zero means
	// DefaultConcurrency.
	Concurrency int
	// Timeout bounds each delivery (connection, request and response
	// headers); zero means DefaultTimeout. An event's lease is three
	// Timeouts, after which another dispatcher may take it (its holder
	// died).
	Timeout time.Duration
	// FirstRetry is the wait after an event's first failed attempt; it
	// doubles after each further failure up to MaxRetry, and each wait is
	// drawn between half of it and all of it (jitter), so that a receiver
	// coming back is not met by every event at once. Zero means
	// DefaultFirstRetry and DefaultMaxRetry.
	FirstRetry, MaxRetry time.Duration
	// MaxAttempts and MaxAge bound an event's tries: after MaxAttempts
	// failed attempts, or once it is older than MaxAge, it is dead (kept,
	// counted, no longer tried). Zero means DefaultMaxAttempts and
	// DefaultMaxAge.
	MaxAttempts int
	MaxAge      time.Duration
	// Now is the clock; nil means time.Now. Tests step it rather than
	// sleep.
	Now func() time.Time
	// Registerer receives the dispatcher's metrics (see the package
	// documentation); nil registers none.
	Registerer prometheus.Registerer
	// Logger receives every failed delivery and outbox error; nil means
	// slog.Default().
	Logger *slog.Logger
}

// Dispatcher delivers the outbox's events: see the package documentation.
// Run it once per process; processes sharing a store may each run one.
type Dispatcher struct {
	cfg     DispatcherConfig
	logger  *slog.Logger
	metrics *metrics
	wake    chan struct{}
}

// NewDispatcher checks cfg and returns a Dispatcher.
func NewDispatcher(cfg DispatcherConfig) (*Dispatcher, error) {
	if cfg.Store == nil {
		return nil, errors.New("webhook: DispatcherConfig.Store is required")
	}
	if cfg.PollInterval < 0 || cfg.Timeout < 0 || cfg.FirstRetry < 0 || cfg.MaxRetry < 0 || cfg.MaxAge < 0 ||
		cfg.Batch < 0 || cfg.Concurrency < 0 || cfg.MaxAttempts < 0 {
		return nil, errors.New("webhook: DispatcherConfig values must not be negative")
	}
	cfg.PollInterval = cmp.Or(cfg.PollInterval, DefaultPollInterval)
	cfg.Timeout = cmp.Or(cfg.Timeout, DefaultTimeout)
	cfg.FirstRetry = cmp.Or(cfg.FirstRetry, DefaultFirstRetry)
	cfg.MaxRetry = max(cmp.Or(cfg.MaxRetry, DefaultMaxRetry), cfg.FirstRetry)
	cfg.MaxAge = cmp.Or(cfg.MaxAge, DefaultMaxAge)
	cfg.Batch = cmp.Or(cfg.Batch, DefaultBatch)
	cfg.Concurrency = cmp.Or(cfg.Concurrency, DefaultConcurrency)
	cfg.MaxAttempts = cmp.Or(cfg.MaxAttempts, DefaultMaxAttempts)
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	}
	if cfg.Holder == "" {
		host, _ := os.Hostname()
		cfg.Holder = fmt.Sprintf("%s-%d-%08x", host, os.Getpid(), rand.Uint32())
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	m, err := newMetrics(cfg.Registerer)
	if err != nil {
		return nil, err
	}
	return &Dispatcher{cfg: cfg, logger: logger, metrics: m, wake: make(chan struct{}, 1)}, nil
}

// Wake makes a running dispatcher look at the outbox now rather than at
// its next poll: the service calls it when an index write recorded
// events. It never blocks.
func (d *Dispatcher) Wake() {
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// Run delivers until ctx ends, then returns nil: it looks at the outbox
// every PollInterval (or on Wake), and again at once after a full batch.
// An outbox it cannot read is looked at again at the next poll; it never
// stops on an error. The first failure of a run is logged at Warn, the
// others at Debug (a database down fails every poll), and the read that
// ends the run at Info, with how many failed and for how long.
func (d *Dispatcher) Run(ctx context.Context) error {
	failures := 0 // reads of the outbox failed in a row
	var failingSince time.Time
	for {
		n, err := d.DeliverDue(ctx)
		if ctx.Err() != nil {
			return nil
		}
		switch {
		case err != nil && failures == 0:
			failures, failingSince = 1, time.Now()
			d.logger.Warn("webhook: reading the outbox failed; reading it again every poll until it works", "err", err, "poll", d.cfg.PollInterval)
		case err != nil:
			failures++
			d.logger.Debug("webhook: reading the outbox failed again", "err", err, "failures", failures)
		case failures > 0:
			d.logger.Info("webhook: reading the outbox works again", "failures", failures,
				"failingFor", time.Since(failingSince).Round(time.Millisecond))
			failures = 0
		}
		if err == nil && n == d.cfg.Batch {
			continue
		}
		t := time.NewTimer(d.cfg.PollInterval)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-d.wake:
			t.Stop()
		case <-t.C:
		}
	}
}

// DeliverDue claims the events due now (up to Batch), delivers them
// (Concurrency at a time) and records each outcome; it returns how many
// it claimed. Run calls it; a test calls it after stepping the clock.
func (d *Dispatcher) DeliverDue(ctx context.Context) (int, error) {
	batch, err := d.cfg.Store.Claim(ctx, d.cfg.Holder, d.cfg.Now(), 3*d.cfg.Timeout, d.cfg.Batch)
	if err != nil {
		return 0, err
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(d.cfg.Concurrency)
	for _, dl := range batch {
		g.Go(func() error { return d.deliver(gctx, dl) })
	}
	err = g.Wait()
	d.updatePending(ctx)
	return len(batch), err
}

func (d *Dispatcher) updatePending(ctx context.Context) {
	if d.metrics == nil {
		return
	}
	if c, err := d.cfg.Store.Counts(ctx, ""); err == nil {
		d.metrics.pending.Set(float64(c.Pending))
		d.metrics.dead.Set(float64(c.Dead))
	}
}

// deliver sends one event and records the outcome; its error is the
// outbox's, not the receiver's.
func (d *Dispatcher) deliver(ctx context.Context, dl Delivery) error {
	_, err := Send(ctx, d.cfg.Client, d.cfg.Timeout, dl.URL, dl.Secret, dl.EventID, dl.Body, d.cfg.Now())
	if ctx.Err() != nil {
		// Stopping: the lease runs out and the event is tried again.
		return nil
	}
	if err == nil {
		d.metrics.count(delivered)
		return d.cfg.Store.Delivered(ctx, dl.Seq)
	}
	attempts := dl.Attempts + 1
	now := d.cfg.Now()
	logArgs := []any{"key", dl.KeyID, "event", dl.EventID, "host", hostOf(dl.URL), "attempt", attempts, "err", err}
	if attempts >= d.cfg.MaxAttempts || now.Sub(dl.CreatedAt) >= d.cfg.MaxAge {
		d.metrics.count(deadLettered)
		d.logger.Error("webhook: delivery failed; giving the event up (dead-lettered)", logArgs...)
		return d.cfg.Store.Dead(ctx, dl.Seq, attempts, err.Error())
	}
	d.metrics.count(failed)
	next := now.Add(d.backoff(attempts))
	d.logger.Warn("webhook: delivery failed; will retry", append(logArgs, "retryAt", next.UTC().Format(time.RFC3339))...)
	return d.cfg.Store.Retry(ctx, dl.Seq, attempts, next, err.Error())
}

// backoff is the wait after an event's failed attempts: FirstRetry
// doubled per further failure, capped at MaxRetry, drawn between half of
// that and all of it.
func (d *Dispatcher) backoff(attempts int) time.Duration {
	wait := d.cfg.MaxRetry
	if shift := attempts - 1; shift < 40 && d.cfg.FirstRetry<<shift < d.cfg.MaxRetry {
		wait = d.cfg.FirstRetry << shift
	}
	half := wait / 2
	return half + rand.N(half+1)
}

// StatusError is Send's error for a receiver that answered other than
// 2xx.
type StatusError struct{ StatusCode int }

func (e *StatusError) Error() string {
	return "the receiver answered " + strconv.Itoa(e.StatusCode) + " " + http.StatusText(e.StatusCode)
}

// Send POSTs one signed event: body with HeaderEventID eventID and
// HeaderSignature for now under secret, bounded by timeout. It returns the
// receiver's status code, and an error for anything but a 2xx
// (*StatusError) or a failed request; that error never holds the URL,
// which may carry a token, and never the secret.
func Send(ctx context.Context, client *http.Client, timeout time.Duration, target, secret, eventID string, body []byte, now time.Time) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return 0, errors.New("the webhook's URL does not make a request")
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "orchestration-webhook/1")
	req.Header.Set(HeaderEventID, eventID)
	req.Header.Set(HeaderSignature, Sign(secret, body, now))
	resp, err := client.Do(req)
	if err != nil {
		if ue, ok := errors.AsType[*url.Error](err); ok {
			err = ue.Err // without the URL
		}
		return 0, err
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, &StatusError{StatusCode: resp.StatusCode}
	}
	return resp.StatusCode, nil
}

// SendTest sends keyID's webhook a signed test event (TypeTest, a new
// id, no order), now, outside the outbox: it is not retried. It returns
// the event's id and the receiver's status code (0 when none answered);
// the error is ErrNotFound, or Send's.
func SendTest(ctx context.Context, store Store, client *http.Client, keyID string, now time.Time) (eventID string, status int, err error) {
	w, err := store.Get(ctx, keyID)
	if err != nil {
		return "", 0, err
	}
	if client == nil {
		client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	}
	ev := Event{ID: newEventID(), Type: TypeTest, CreatedAt: now.UTC().Truncate(time.Microsecond)}
	body, err := json.Marshal(ev)
	if err != nil {
		return "", 0, err
	}
	status, err = Send(ctx, client, DefaultTimeout, w.URL, w.Secret, ev.ID, body, now)
	return ev.ID, status, err
}
