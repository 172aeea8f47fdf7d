package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"

	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/swag2mcp/swag2mcp/runtime/config"
	"github.com/swag2mcp/swag2mcp/runtime/httpserve"
	"github.com/swag2mcp/swag2mcp/runtime/mcptools"
	"github.com/swag2mcp/swag2mcp/runtime/metrics"
)

// serveStdio serves s over opts.Stdin and opts.Stdout until stdin closes
// or ctx ends, with /metrics on cfg.MetricsAddr when set.
func serveStdio(ctx context.Context, s *mcpserver.MCPServer, cfg *config.Config, rec *metrics.Recorder, log *slog.Logger, opts Options) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if cfg.MetricsAddr != "" {
		addr, done, err := httpserve.ServeMetrics(ctx, cfg.MetricsAddr, rec.Handler(), log)
		if err != nil {
			return fmt.Errorf("metrics listener: %w", err)
		}
		log.Info("serving metrics", "url", "http://"+addr.String()+httpserve.PathMetrics)
		defer func() { cancel(); <-done }()
	}
	stdio := mcpserver.NewStdioServer(s)
	stdio.SetErrorLogger(slog.NewLogLogger(log.Handler(), slog.LevelError))
	log.Info("serving MCP over stdio", "name", opts.Name, "version", opts.Version, "endpoints", opts.Catalog.Len())
	if err := stdio.Listen(ctx, opts.Stdin, opts.Stdout); err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("stdio transport: %w", err)
	}
	return nil
}

// serveHTTP serves s as streamable HTTP at cfg.HTTP until ctx ends, then
// shuts down gracefully.
func serveHTTP(ctx context.Context, s *mcpserver.MCPServer, cfg *config.Config, rec *metrics.Recorder, log *slog.Logger, opts Options) error {
	srv, err := listenHTTP(s, cfg, rec, log)
	if err != nil {
		return err
	}
	log.Info("serving MCP over streamable HTTP", "name", opts.Name, "version", opts.Version,
		"url", "http://"+srv.Addr().String()+httpserve.PathMCP, "endpoints", opts.Catalog.Len(), "token", cfg.HTTPToken != "")
	if cfg.MetricsAddr != "" {
		addr, done, err := httpserve.ServeMetrics(ctx, cfg.MetricsAddr, rec.Handler(), log)
		if err != nil {
			return fmt.Errorf("metrics listener: %w", err)
		}
		log.Info("serving metrics", "url", "http://"+addr.String()+httpserve.PathMetrics)
		defer func() { <-done }()
	}
	return srv.Serve(ctx)
}

// listenHTTP opens the HTTP listener of s: mcp-go's streamable HTTP
// server at /mcp, which answers the stateless protocol 2026-07-28 and the
// session-based older versions alike. Sessions are per replica; session
// ids are not validated, so a replica that never saw a session serves it
// statelessly (no affinity needed), and what a session declared at
// initialization (elicitation) stays in mcp-go's session object.
func listenHTTP(s *mcpserver.MCPServer, cfg *config.Config, rec *metrics.Recorder, log *slog.Logger) (*httpserve.Server, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	var mo []mcpserver.StreamableHTTPOption
	mo = append(mo,
		mcpserver.WithEndpointPath(httpserve.PathMCP),
		// httpserve checks Host (with a configurable allow-list) and
		// Origin before mcp-go sees the request.
		mcpserver.WithDisableLocalhostProtection(true),
		mcpserver.WithHTTPContextFunc(func(ctx context.Context, _ *http.Request) context.Context { return mcptools.OverHTTP(ctx) }),
		mcpserver.WithStreamableHTTPLogger(log),
		mcpserver.WithSessionIdleTTL(cfg.HTTPIdleTimeout*5),
	)
	streamable := mcpserver.NewStreamableHTTPServer(s, mo...)
	ho := httpserve.Options{
		Token: cfg.HTTPToken, Insecure: cfg.HTTPInsecure,
		AllowedOrigins: cfg.HTTPAllowedOrigins, AllowedHosts: cfg.HTTPAllowedHosts, MaxBodySize: cfg.HTTPMaxBodySize,
		ReadTimeout: cfg.HTTPReadTimeout, WriteTimeout: cfg.HTTPWriteTimeout, IdleTimeout: cfg.HTTPIdleTimeout,
		ShutdownTimeout: cfg.HTTPShutdownTimeout,
		// Ends the session sweeper and the standalone GET streams, which
		// would otherwise hold the shutdown open.
		OnShutdown: func() { streamable.Shutdown(context.Background()) },
		Logger:     log,
	}
	if len(cfg.HTTPAuthServers) > 0 {
		resource := cfg.HTTPResource
		if resource == "" {
			resource = "http://" + cfg.HTTP + httpserve.PathMCP
			if host, port, err := net.SplitHostPort(cfg.HTTP); err == nil && host == "" {
				resource = "http://localhost:" + port + httpserve.PathMCP
			}
		}
		meta := mcpserver.ProtectedResourceMetadataConfig{Resource: resource, AuthorizationServers: cfg.HTTPAuthServers,
			BearerMethodsSupported: []string{"header"}}
		ho.Metadata = mcpserver.NewProtectedResourceMetadataHandler(meta)
		path := mcpserver.ProtectedResourceMetadataPath(resource)
		ho.MetadataPaths = []string{mcpserver.WellKnownProtectedResourcePath}
		if path != mcpserver.WellKnownProtectedResourcePath {
			ho.MetadataPaths = append(ho.MetadataPaths, path)
		}
		u, err := url.Parse(resource)
		if err != nil || u.Host == "" {
			return nil, fmt.Errorf("http_resource: %q is not an absolute URL", resource)
		}
		ho.MetadataURL = (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: path}).String()
	}
	return httpserve.Listen(cfg.HTTP, streamable, rec.Handler(), ho)
}
