// Command ferretdb-embedded runs FerretDB v1 on a loopback port, for the
// project's integration tests: with its SQLite backend in a data folder, or
// with its PostgreSQL backend when -postgresql-url is given.
//
// FerretDB's own command refuses to start when built as a dependency (it needs
// a version.txt that only its own build writes), so the tests embed the
// library instead, which is the way FerretDB supports for this.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	host := flag.String("host", "127.0.0.1", "loopback address to listen on")
	port := flag.Int("port", 0, "TCP port to listen on (required)")
	dataDir := flag.String("data", "", "folder for the SQLite databases (required without -postgresql-url)")
	postgresURL := flag.String("postgresql-url", "", "use the PostgreSQL backend at this URL instead of SQLite")
	logLevel := flag.String("log-level", "error", "debug, info, warn or error")
	flag.Parse()

	if err := run(*host, *port, *dataDir, *postgresURL, *logLevel); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb-embedded:", err)
		os.Exit(1)
	}
}

func run(host string, port int, dataDir, postgresURL, logLevel string) error {
	if port <= 0 || port > 65535 {
		return errors.New("-port must be between 1 and 65535")
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("-host %q is not a loopback address", host)
	}
	config := &ferretdb.Config{
		Listener: ferretdb.ListenerConfig{
			TCP: net.JoinHostPort(host, strconv.Itoa(port)),
		},
		Logger: newLogger(logLevel),
	}
	switch {
	case postgresURL != "":
		config.Handler = "postgresql"
		config.PostgreSQLURL = postgresURL
	case dataDir == "":
		return errors.New("-data or -postgresql-url is required")
	default:
		abs, err := filepath.Abs(dataDir)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(abs, 0o700); err != nil {
			return err
		}
		config.Handler = "sqlite"
		// FerretDB wants a directory URL that ends with a slash.
		config.SQLiteURL = "file:" + abs + "/"
	}

	f, err := ferretdb.New(config)
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()

	fmt.Fprintln(os.Stderr, "ferretdb-embedded: listening on", f.MongoDBURI())
	// Run returns nil once ctx is cancelled and the listener has shut down.
	return f.Run(ctx)
}

func newLogger(level string) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelError
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: l}))
}
