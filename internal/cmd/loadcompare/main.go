// Command loadcompare measures GET /v1/orchestration/supported-assets served
// by the full httpserver handler chain against a bare net/http handler
// writing the same bytes, side by side in one run, and prints both
// throughputs, their p50 and p99 latencies, and the ratios.
//
//	go run ./internal/cmd/loadcompare -duration 20s
//	scripts/loadcompare.sh          # the same, with the repository's defaults
//
// Each server runs in a child process of its own (this binary re-executed
// with -serve bare or -serve full), so the load generator's goroutines and
// garbage collector are not the servers', and each server's CPU time can be
// read from /proc (Linux) to report the CPU cost per request, a figure that
// other work on the machine disturbs far less than throughput. Both listen
// on loopback with the same *http.Server settings (httpserver.Serve). The full chain is what orchestrationd runs: request
// id, client address, API key check through apikey.Cache in front of the
// SQLite key store, the access log (lines into a file, in the format of
// -log-format: text, orchestrationd's default, or json) and the Prometheus
// metrics.
//
// The bare handler writes the chain's response byte for byte, Vary: Origin
// and an X-Request-Id included, so that the ratio counts the chain's work
// and not a longer response. -baseline entity makes it write the body and
// its entity headers only, the earlier baseline: the ratio then also counts
// the two headers the API writes on every response (net/http sorts and
// copies each).
//
// The load is a lean HTTP/1.1 keep-alive client over raw connections, so
// that little of the machine goes to the client. The two targets are loaded
// in alternating rounds (bare, full, full, bare, ...) to cancel the drift of
// a machine shared with other work. Every response must be a 200 with the
// expected length; anything else stops the run.
//
// By default the load generator and the servers share every CPU, as the
// scheduler places them. With -load-cpus and -server-cpus (Linux only) the
// load generator is bound to the first list and each server to the second,
// each with GOMAXPROCS set to its list's length, as taskset -c would:
//
//	scripts/loadcompare.sh -load-cpus 0 -server-cpus 1
//
// The servers then never wait for the client's CPU or it for theirs, so the
// throughput is the server's own: the ratio reads nearer the ratio of
// server CPU per request, undiluted by the client's share of the machine.
// Binding does not keep other programs off those CPUs: on a machine busy
// with other work the figures vary as much bound as unbound.
package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/internal/testing/bench"
	"github.com/m0-orchestration/m0/storage"
)

func main() {
	var (
		serve    = flag.String("serve", "", "run one server, bare or full (used by the parent process)")
		duration = flag.Duration("duration", 20*time.Second, "load time per target, split over the rounds")
		rounds   = flag.Int("rounds", 10, "alternating rounds per target")
		conns    = flag.Int("conns", 16, "concurrent keep-alive connections")
		warmup   = flag.Duration("warmup", time.Second, "unmeasured load on each target before the first round")
		minRatio = flag.Float64("min-ratio", 0, "exit with status 1 when the median of the rounds' full/bare throughput ratios is below this")
		profile  = flag.String("cpuprofile", "", "write the servers' CPU profiles to this file name with .bare and .full appended")
		logOn    = flag.Bool("access-log", true, "run the full server with its access log (false isolates the log's cost)")
		format   = flag.String("log-format", "text", "the access log's format, text (orchestrationd's default) or json, as log.format")
		baseline = flag.String("baseline", "same", "what the bare handler writes: same (the chain's response, Vary and X-Request-Id included) or entity (the body and its entity headers only, so the ratio also counts those two headers)")
		loadCPUs = flag.String("load-cpus", "", "bind the load generator to these CPUs (a list as taskset -c takes: 0 or 0-1 or 0,2); empty means unbound")
		srvCPUs  = flag.String("server-cpus", "", "bind each server to these CPUs, as -load-cpus; empty means unbound")
	)
	flag.Parse()
	if *format != "text" && *format != "json" {
		fmt.Fprintf(os.Stderr, "loadcompare: -log-format %q: want text or json\n", *format)
		os.Exit(2)
	}
	if _, ok := baselines[*baseline]; !ok {
		fmt.Fprintf(os.Stderr, "loadcompare: -baseline %q: want one of %s\n", *baseline, strings.Join(slices.Sorted(maps.Keys(baselines)), ", "))
		os.Exit(2)
	}
	if *serve != "" {
		if err := pinTo(*srvCPUs); err != nil {
			fmt.Fprintln(os.Stderr, "loadcompare -serve:", err)
			os.Exit(1)
		}
		if err := serveOne(*serve, *profile, *logOn, *format, *baseline); err != nil {
			fmt.Fprintln(os.Stderr, "loadcompare -serve:", err)
			os.Exit(1)
		}
		return
	}
	if *srvCPUs != "" { // checked here, before a server starts
		if _, err := parseCPUList(*srvCPUs); err != nil {
			fmt.Fprintln(os.Stderr, "loadcompare: -server-cpus:", err)
			os.Exit(2)
		}
	}
	if *loadCPUs != "" && *srvCPUs == "" {
		// The servers are our children and would inherit the load
		// generator's CPUs: give them back every CPU we may use now.
		all, err := allowedCPUs()
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadcompare: -load-cpus:", err)
			os.Exit(2)
		}
		*srvCPUs = all
	}
	if err := pinTo(*loadCPUs); err != nil {
		fmt.Fprintln(os.Stderr, "loadcompare: -load-cpus:", err)
		os.Exit(2)
	}
	median, err := run(options{
		duration: *duration, rounds: *rounds, conns: *conns, warmup: *warmup,
		profile: *profile, logOn: *logOn, format: *format, baseline: *baseline,
		loadCPUs: *loadCPUs, serverCPUs: *srvCPUs,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadcompare:", err)
		os.Exit(1)
	}
	if median < *minRatio {
		fmt.Printf("FAIL: the median round's throughput ratio, %.3f, is below %.3f\n", median, *minRatio)
		os.Exit(1)
	}
}

const path = httpserver.BasePath + "/supported-assets"

// baselines are the bare handlers -baseline names, and how the report
// describes each.
var baselines = map[string]struct {
	handler func(body []byte, etag string) http.Handler
	about   string
}{
	"same":   {bench.BareAssetsHandler, "the chain's response"},
	"entity": {bench.EntityAssetsHandler, "body and entity headers only, no Vary or X-Request-Id"},
}

// pinTo binds this process to the CPUs of list; an empty list leaves it
// unbound.
func pinTo(list string) error {
	if list == "" {
		return nil
	}
	cpus, err := parseCPUList(list)
	if err != nil {
		return err
	}
	return pinProcess(cpus)
}

// serveOne runs the bare or the full server until its standard input
// closes, then shuts down; the full one then flushes its access log and
// reports on it. It speaks to the parent on standard output, one "name
// value" per line.
func serveOne(target, profile string, logOn bool, format, baseline string) error {
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { // the parent closes our stdin (or dies) to stop us
		io.Copy(io.Discard, os.Stdin)
		cancel()
	}()
	signal.Ignore(syscall.SIGINT) // ^C in the terminal is the parent's to handle

	body, etag, err := asset.Default().SupportedAssetsJSON(ctx)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	fmt.Printf("addr %s\n", ln.Addr())
	fmt.Printf("body %d\n", len(body)+1)
	quiet := httpserver.Config{Logger: slog.New(slog.DiscardHandler)}
	switch target {
	case "bare":
		fmt.Println("ready")
		return httpserver.Serve(ctx, ln, baselines[baseline].handler(body, etag), quiet)
	case "full":
	default:
		return fmt.Errorf("-serve %q: want bare or full", target)
	}

	dir, err := os.MkdirTemp("", "loadcompare")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	db, err := storage.Open(ctx, storage.Config{DSN: "sqlite:" + filepath.Join(dir, "keys.db")})
	if err != nil {
		return err
	}
	defer db.Close()
	store := apikey.NewStore(db, nil)
	secret, _, err := store.Create(ctx, apikey.NewKey{Name: "load"})
	if err != nil {
		return err
	}

	logPath := filepath.Join(dir, "access.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return err
	}
	defer logFile.Close()
	// The access log as orchestrationd writes it (service.Config.AccessLog):
	// lines in the format of the other log lines, encoded without slog,
	// written on the access log's goroutine in batches through a buffer.
	logBuf := bufio.NewWriterSize(logFile, 64<<10)
	alc := httpserver.AccessLogConfig{Flush: logBuf.Flush}
	var accessLog *httpserver.AccessLog
	var logger *slog.Logger
	if format == "json" {
		accessLog = httpserver.NewJSONAccessLog(logBuf, alc)
		logger = slog.New(slog.NewJSONHandler(logFile, nil))
	} else {
		accessLog = httpserver.NewTextAccessLog(logBuf, alc)
		logger = slog.New(slog.NewTextHandler(logFile, nil))
	}
	cfg := httpserver.Config{
		Keys:      apikey.NewCache(store, apikey.DefaultCacheTTL, nil),
		Logger:    logger,
		AccessLog: accessLog,
	}
	if !logOn {
		cfg.AccessLog = nil
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	full, err := httpserver.New(httpserver.Services{Assets: asset.Default()}, cfg)
	if err != nil {
		return err
	}
	fmt.Printf("key %s\n", secret)
	fmt.Println("ready")
	if err := httpserver.Serve(ctx, ln, full, quiet); err != nil {
		return err
	}
	if err := accessLog.Close(); err != nil {
		return err
	}
	if err := logFile.Sync(); err != nil {
		return err
	}
	lines, size, err := countLines(logPath)
	if err != nil {
		return err
	}
	fmt.Printf("log %d %d %d\n", lines, size, accessLog.Dropped())
	return nil
}

func countLines(name string) (lines int, size int64, err error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	buf := make([]byte, 1<<20)
	for {
		n, err := f.Read(buf)
		lines += bytes.Count(buf[:n], []byte{'\n'})
		size += int64(n)
		if errors.Is(err, io.EOF) {
			return lines, size, nil
		}
		if err != nil {
			return 0, 0, err
		}
	}
}

// result is the load on one target.
type result struct {
	requests  int
	elapsed   time.Duration
	latencies []time.Duration
	cpu       time.Duration // of the server process, when known
}

func (r *result) rate() float64 { return float64(r.requests) / r.elapsed.Seconds() }

func (r *result) quantile(q float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	return r.latencies[int(q*float64(len(r.latencies)-1))]
}

// server is a child process serving one target.
type server struct {
	cmd   *exec.Cmd
	stdin io.Closer
	out   *bufio.Scanner
	info  map[string]string
}

// startServer starts the server of target (bare or full) with o's
// settings, its CPU profile going to profile (empty: none).
func startServer(target, profile string, o options) (*server, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe, "-serve", target, "-cpuprofile", profile, "-access-log="+strconv.FormatBool(o.logOn),
		"-log-format", o.format, "-baseline", o.baseline, "-server-cpus", o.serverCPUs)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, stdin: stdin, out: bufio.NewScanner(stdout), info: map[string]string{}}
	for s.info["ready"] == "" && s.out.Scan() {
		name, value, _ := strings.Cut(s.out.Text(), " ")
		s.info[name] = value + " "
	}
	if s.info["ready"] == "" {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, fmt.Errorf("the %s server did not start: %v", target, s.out.Err())
	}
	return s, nil
}

func (s *server) get(name string) string { return strings.TrimSuffix(s.info[name], " ") }

// stop shuts the server down and waits for it, reading what it reports.
func (s *server) stop() error {
	s.stdin.Close()
	for s.out.Scan() {
		name, value, _ := strings.Cut(s.out.Text(), " ")
		s.info[name] = value + " "
	}
	return s.cmd.Wait()
}

// cpuTime is the user and system time the process has used, from
// /proc/PID/stat; ok is false where there is no /proc.
func (s *server) cpuTime() (d time.Duration, ok bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0, false
	}
	// The fields after the command name, which is in parentheses.
	i := bytes.LastIndexByte(b, ')')
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	const ticks = 100 // USER_HZ, 100 on every Linux platform Go supports
	return time.Duration(utime+stime) * time.Second / ticks, true
}

// options are the parent's flags.
type options struct {
	duration             time.Duration
	rounds, conns        int
	warmup               time.Duration
	profile              string
	logOn                bool
	format               string
	baseline             string // a key of baselines
	loadCPUs, serverCPUs string // empty: unbound
}

// run loads both servers and prints what it measured; it returns the median
// of the rounds' full/bare throughput ratios.
func run(o options) (float64, error) {
	duration, rounds, conns, warmup := o.duration, o.rounds, o.conns, o.warmup
	if rounds < 1 || conns < 1 || duration <= 0 {
		return 0, errors.New("-duration, -rounds and -conns must be positive")
	}
	servers := map[string]*server{}
	targets := []string{"bare", "full"}
	for _, t := range targets {
		p := ""
		if o.profile != "" {
			p = o.profile + "." + t
		}
		s, err := startServer(t, p, o)
		if err != nil {
			return 0, err
		}
		defer s.cmd.Process.Kill() // only matters when we return early
		servers[t] = s
	}
	full := servers["full"]
	bodyLen, _ := strconv.Atoi(full.get("body"))
	// The same request to both; the bare server ignores the key.
	req := []byte("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: loadcompare\r\n" +
		"x-api-key: " + full.get("key") + "\r\n\r\n")

	for _, t := range targets {
		if _, err := load(servers[t].get("addr"), req, bodyLen, conns, warmup); err != nil {
			return 0, fmt.Errorf("%s: %w", t, err)
		}
	}
	results := map[string]*result{"bare": {}, "full": {}}
	per := duration / time.Duration(rounds)
	var roundRatios []float64
	cpuKnown := true
	for i := range rounds {
		order := targets
		if i%2 == 1 {
			order = []string{"full", "bare"}
		}
		rates := map[string]float64{}
		for _, t := range order {
			cpu0, ok0 := servers[t].cpuTime()
			r, err := load(servers[t].get("addr"), req, bodyLen, conns, per)
			if err != nil {
				return 0, fmt.Errorf("%s: %w", t, err)
			}
			cpu1, ok1 := servers[t].cpuTime()
			cpuKnown = cpuKnown && ok0 && ok1
			rates[t] = r.rate()
			all := results[t]
			all.requests += r.requests
			all.elapsed += r.elapsed
			all.latencies = append(all.latencies, r.latencies...)
			all.cpu += cpu1 - cpu0
		}
		roundRatios = append(roundRatios, rates["full"]/rates["bare"])
	}
	for _, t := range targets {
		if err := servers[t].stop(); err != nil {
			return 0, fmt.Errorf("%s server: %w", t, err)
		}
	}

	fmt.Printf("GET %s, %d connections, %d alternating rounds of %v per target\n", path, conns, rounds, per)
	fmt.Printf("bare baseline: %s (-baseline %s)\n", baselines[o.baseline].about, o.baseline)
	if o.loadCPUs != "" || o.serverCPUs != "" {
		fmt.Printf("CPUs: load generator %s, servers %s\n", cmp.Or(o.loadCPUs, "unbound"), cmp.Or(o.serverCPUs, "unbound"))
	}
	fmt.Printf("%-6s %10s %10s %10s %10s %14s\n", "target", "requests", "req/s", "p50", "p99", "server CPU/req")
	for _, t := range targets {
		r := results[t]
		slices.Sort(r.latencies)
		cpu := "n/a"
		if cpuKnown {
			cpu = fmt.Sprintf("%.1fµs", float64(r.cpu.Microseconds())/float64(r.requests))
		}
		fmt.Printf("%-6s %10d %10.0f %10v %10v %14s\n", t, r.requests, r.rate(),
			r.quantile(.5).Round(time.Microsecond), r.quantile(.99).Round(time.Microsecond), cpu)
	}
	bare, fullR := results["bare"], results["full"]
	ratio := fullR.rate() / bare.rate()
	fmt.Printf("full/bare: throughput %.3fx, p50 %.2fx, p99 %.2fx", ratio,
		float64(fullR.quantile(.5))/float64(bare.quantile(.5)),
		float64(fullR.quantile(.99))/float64(bare.quantile(.99)))
	if cpuKnown {
		perReq := func(r *result) float64 { return float64(r.cpu) / float64(r.requests) }
		fmt.Printf(", server CPU per request %.2fx", perReq(fullR)/perReq(bare))
	}
	fmt.Println()
	slices.Sort(roundRatios)
	median := roundRatios[len(roundRatios)/2]
	fmt.Printf("throughput ratio per round: min %.3f, median %.3f, max %.3f\n",
		roundRatios[0], median, roundRatios[len(roundRatios)-1])
	if l := strings.Fields(full.get("log")); len(l) == 3 {
		lines, _ := strconv.Atoi(l[0])
		size, _ := strconv.ParseInt(l[1], 10, 64)
		// The warm-up requests of the full server are logged too.
		fmt.Printf("access log (%s): %d lines (%d measured requests), %.1f MB, %s dropped\n",
			o.format, lines, fullR.requests, float64(size)/1e6, l[2])
	}
	// The median round, not the whole run, is what -min-ratio checks: a
	// round disturbed by other work on the machine moves it least.
	return median, nil
}

// load sends req on conns keep-alive connections to addr for d, each
// waiting for its answer before sending the next.
func load(addr string, req []byte, bodyLen, conns int, d time.Duration) (*result, error) {
	var (
		mu    sync.Mutex
		total = &result{}
		g     sync.WaitGroup
		errs  = make(chan error, conns)
	)
	start := time.Now()
	deadline := start.Add(d)
	for range conns {
		g.Go(func() {
			lat, err := loadConn(addr, req, bodyLen, deadline)
			if err != nil {
				errs <- err
			}
			mu.Lock()
			total.requests += len(lat)
			total.latencies = append(total.latencies, lat...)
			mu.Unlock()
		})
	}
	g.Wait()
	total.elapsed = time.Since(start)
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	return total, nil
}

func loadConn(addr string, req []byte, bodyLen int, deadline time.Time) ([]time.Duration, error) {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	r := bufio.NewReaderSize(c, 64<<10)
	lat := make([]time.Duration, 0, 1<<14)
	for {
		t0 := time.Now()
		if !t0.Before(deadline) {
			return lat, nil
		}
		if _, err := c.Write(req); err != nil {
			return lat, err
		}
		if err := readResponse(r, bodyLen); err != nil {
			return lat, err
		}
		lat = append(lat, time.Since(t0))
	}
}

// readResponse reads one response, which must be a 200 with a body of
// bodyLen bytes.
func readResponse(r *bufio.Reader, bodyLen int) error {
	status, err := r.ReadSlice('\n')
	if err != nil {
		return err
	}
	if !bytes.HasPrefix(status, []byte("HTTP/1.1 200 ")) {
		return fmt.Errorf("unexpected status line %q", bytes.TrimSpace(status))
	}
	n := -1
	for {
		line, err := r.ReadSlice('\n')
		if err != nil {
			return err
		}
		if len(line) <= 2 { // the blank line ending the header
			break
		}
		if name, value, ok := bytes.Cut(line, []byte{':'}); ok && strings.EqualFold(string(name), "Content-Length") {
			n, _ = strconv.Atoi(string(bytes.TrimSpace(value)))
		}
	}
	if n != bodyLen {
		return fmt.Errorf("Content-Length %d, want %d", n, bodyLen)
	}
	_, err = r.Discard(n)
	return err
}
