package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// postgres is a PostgreSQL cluster of the harness's own (initdb'd in its
// work directory, on a free port), so that it can be stopped and started:
// never the shared server on 5432.
type postgres struct {
	binDir string
	dir    string
	port   int
	asUser string // "postgres" when the harness runs as root (initdb refuses root)
}

// newPostgres initialises a cluster in dir with the newest
// /usr/lib/postgresql/*/bin.
func newPostgres(ctx context.Context, dir string) (*postgres, error) {
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	if len(bins) == 0 {
		return nil, fmt.Errorf("no PostgreSQL binaries under /usr/lib/postgresql/*/bin")
	}
	sort.Slice(bins, func(i, j int) bool { return versionOf(bins[i]) < versionOf(bins[j]) })
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	pg := &postgres{binDir: bins[len(bins)-1], dir: dir, port: port}
	if os.Geteuid() == 0 {
		pg.asUser = "postgres"
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, fmt.Errorf("running as root, PostgreSQL needs the postgres user: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, err
		}
		if err := os.Chown(dir, uid, gid); err != nil {
			return nil, err
		}
	}
	if err := pg.run(ctx, "initdb", "-D", dir, "-A", "trust", "-U", "postgres", "--no-sync"); err != nil {
		return nil, err
	}
	return pg, nil
}

func versionOf(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

// run runs one of the cluster's programs, as the postgres user when root.
func (pg *postgres) run(ctx context.Context, prog string, args ...string) error {
	path := filepath.Join(pg.binDir, prog)
	var cmd *exec.Cmd
	if pg.asUser != "" {
		cmd = exec.CommandContext(ctx, "runuser", append([]string{"-u", pg.asUser, "--", path}, args...)...)
	} else {
		cmd = exec.CommandContext(ctx, path, args...)
	}
	cmd.Dir = "/"
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s %s: %w\n%s", prog, strings.Join(args, " "), err, out)
	}
	return nil
}

func (pg *postgres) start(ctx context.Context) error {
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200", pg.port, pg.dir)
	return pg.run(ctx, "pg_ctl", "-D", pg.dir, "-o", opts, "-l", filepath.Join(pg.dir, "server.log"), "-w", "-t", "60", "start")
}

// stop stops the server at once (fast shutdown: sessions are cut).
func (pg *postgres) stop(ctx context.Context) error {
	return pg.run(ctx, "pg_ctl", "-D", pg.dir, "-m", "fast", "-w", "-t", "60", "stop")
}

func (pg *postgres) dsn() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", pg.port)
}

// redis is a redis-server of the harness's own, on a free port: never the
// shared one on 6379.
type redis struct {
	p    *proc
	port int
}

func newRedis(dir string) (*redis, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return nil, err
	}
	return &redis{port: port, p: &proc{name: "redis", bin: bin, log: filepath.Join(dir, "redis.log"),
		args: []string{"--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir}}}, nil
}

func (r *redis) start(ctx context.Context) error {
	if err := r.p.start(); err != nil {
		return err
	}
	return waitTCP(ctx, r.addr(), 30*time.Second)
}

func (r *redis) stop() { r.p.signal(syscall.SIGTERM) }

func (r *redis) addr() string { return fmt.Sprintf("127.0.0.1:%d", r.port) }
func (r *redis) url() string  { return "redis://" + r.addr() + "/0" }
