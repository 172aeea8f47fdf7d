// Package httpserve runs a generated server's HTTP listener: the MCP
// endpoint behind its guards (Host and Origin checks, bearer token, body
// size limit), /healthz, /readyz, /metrics and the optional RFC 9728
// metadata, with read, write and idle timeouts and a graceful shutdown.
// It knows no MCP: the MCP endpoint is an http.Handler it is given.
package httpserve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"
)

// Paths served besides the MCP endpoint.
const (
	PathMCP     = "/mcp"
	PathHealth  = "/healthz"
	PathReady   = "/readyz"
	PathMetrics = "/metrics"
)

// Options configure Serve.
type Options struct {
	Token          string   // bearer token; "" for none
	Insecure       bool     // allow a non-loopback listener without a token
	AllowedOrigins []string // Origin values accepted besides same-origin
	AllowedHosts   []string // Host names accepted on loopback besides localhost names
	MaxBodySize    int64    // largest request body; past it 413

	ReadTimeout     time.Duration
	WriteTimeout    time.Duration
	IdleTimeout     time.Duration
	ShutdownTimeout time.Duration // time in-flight requests get after the signal

	// Metadata serves RFC 9728 Protected Resource Metadata at each of
	// MetadataPaths; MetadataURL is its public URL for WWW-Authenticate.
	Metadata      http.Handler
	MetadataPaths []string
	MetadataURL   string

	// OnShutdown runs when shutdown begins, e.g. to end streams that
	// would keep requests open.
	OnShutdown func()
	Logger     *slog.Logger
}

// Server is a listener's HTTP server.
type Server struct {
	srv      *http.Server
	ln       net.Listener
	ready    atomic.Bool
	shutdown time.Duration
	log      *slog.Logger
}

// Listen opens addr and builds the server: mcp at /mcp and metrics (nil
// for none) at /metrics behind the guards. It refuses a non-loopback
// address without a token unless o.Insecure.
func Listen(addr string, mcp, metrics http.Handler, o Options) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	loopback := isLoopback(ln.Addr())
	if !loopback && o.Token == "" && !o.Insecure {
		ln.Close()
		return nil, fmt.Errorf("refusing to serve HTTP on %s, which is not a loopback address, without a token: "+
			"set SWAG2MCP_HTTP_TOKEN (or http_token in the config file), or pass --http-insecure", addr)
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Server{ln: ln, shutdown: o.ShutdownTimeout, log: o.Logger}
	s.ready.Store(true)
	g := newGuard(o, loopback)
	mux := http.NewServeMux()
	mux.Handle(PathMCP, g.protect(mcp, true))
	if metrics != nil {
		mux.Handle(PathMetrics, g.protect(metrics, false))
	}
	mux.Handle(PathHealth, g.site(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "ok") })))
	mux.Handle(PathReady, g.site(http.HandlerFunc(s.serveReady)))
	for _, p := range o.MetadataPaths {
		mux.Handle(p, g.site(o.Metadata))
	}
	s.srv = &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: min(o.ReadTimeout, 10*time.Second),
		ReadTimeout:       o.ReadTimeout,
		WriteTimeout:      o.WriteTimeout,
		IdleTimeout:       o.IdleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(o.Logger.Handler(), slog.LevelWarn),
	}
	if o.OnShutdown != nil {
		s.srv.RegisterOnShutdown(o.OnShutdown)
	}
	return s, nil
}

// Addr is the address the server listens on.
func (s *Server) Addr() net.Addr { return s.ln.Addr() }

// Serve answers requests until ctx ends, then shuts down gracefully: it
// stops accepting, reports not ready, and lets in-flight requests finish
// within the shutdown timeout. It returns nil after a clean shutdown.
func (s *Server) Serve(ctx context.Context) error {
	errc := make(chan error, 1)
	go func() { errc <- s.srv.Serve(s.ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.ready.Store(false)
	s.log.Info("shutting down: finishing in-flight requests", "timeout", s.shutdown)
	sctx, cancel := context.WithTimeout(context.Background(), s.shutdown)
	defer cancel()
	if err := s.srv.Shutdown(sctx); err != nil {
		s.srv.Close()
		return fmt.Errorf("in-flight requests did not finish within %s: %w", s.shutdown, err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func (s *Server) serveReady(w http.ResponseWriter, _ *http.Request) {
	if !s.ready.Load() {
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	fmt.Fprintln(w, "ready")
}

// protect puts next behind every guard; limited bounds the body.
func (g *guard) protect(next http.Handler, limited bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if g.checkSite(w, r) || g.checkToken(w, r) || limited && g.limitBody(w, r) {
			return
		}
		next.ServeHTTP(w, r)
	})
}

// site puts next behind the Host and Origin checks only (public paths).
func (g *guard) site(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !g.checkSite(w, r) {
			next.ServeHTTP(w, r)
		}
	})
}

// isLoopback reports whether a listener's address is a loopback one.
func isLoopback(a net.Addr) bool {
	tcp, ok := a.(*net.TCPAddr)
	return ok && tcp.IP.IsLoopback()
}

// ServeMetrics serves only /metrics at addr (the stdio mode's
// --metrics-addr) until ctx ends.
func ServeMetrics(ctx context.Context, addr string, metrics http.Handler, log *slog.Logger) (net.Addr, <-chan error, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, err
	}
	mux := http.NewServeMux()
	mux.Handle(PathMetrics, metrics)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	done := make(chan error, 1)
	go func() {
		err := srv.Serve(ln)
		if errors.Is(err, http.ErrServerClosed) {
			err = nil
		}
		done <- err
	}()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	return ln.Addr(), done, nil
}
