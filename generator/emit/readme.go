package emit

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/templates"
)

// readmeData feeds templates.README. Values are raw spec text: the template
// escapes each for its Markdown context.
type readmeData struct {
	Name      string
	Endpoints int
	Specs     []readmeSpec
	Config    string // Claude Desktop configuration, JSON
}

type readmeSpec struct {
	Title, Version, Description, Domain string
	Endpoints                           int
	BaseURLVar, BaseURL                 string
	Vars                                []readmeVar
}

// readmeVar is one credential variable of a security scheme.
type readmeVar struct {
	Name   string
	What   string // what the value is, e.g. "user name for HTTP basic authentication"
	Scheme string // the scheme's key in the spec
	In     string // apiKey: header, query or cookie
	Param  string // apiKey: the header, query or cookie name
}

// readme renders README.md.
func readme(api *ir.API) ([]byte, error) {
	d := readmeData{Name: api.Name}
	env := envList{}
	for _, s := range api.Specs {
		rs := readmeSpec{
			Title: s.Title, Version: s.Version, Description: s.Description, Domain: s.Domain,
			BaseURLVar: s.EnvPrefix + "_BASE_URL", BaseURL: s.BaseURL,
		}
		if rs.Title == "" {
			rs.Title = s.Domain
		}
		env.add(rs.BaseURLVar)
		for _, c := range s.Collections {
			for _, t := range c.Tags {
				rs.Endpoints += len(t.Endpoints)
			}
		}
		for _, sec := range s.Security {
			for _, v := range sec.EnvVars {
				rv := readmeVar{Name: v, What: purpose(sec, v), Scheme: sec.Name}
				if strings.EqualFold(sec.Type, "apiKey") {
					rv.In, rv.Param = sec.In, sec.ParamName
				}
				rs.Vars = append(rs.Vars, rv)
				env.add(v)
			}
		}
		d.Endpoints += rs.Endpoints
		d.Specs = append(d.Specs, rs)
	}
	config, err := claudeConfig(api.Name, env)
	if err != nil {
		return nil, err
	}
	d.Config = config
	return templates.Render(templates.README, d)
}

// purpose says what environment variable v of scheme s holds, from the
// scheme's type and the suffix naming.SchemeEnvVars gave the variable.
func purpose(s *ir.SecurityScheme, v string) string {
	switch strings.ToLower(s.Type) {
	case "apikey":
		return "API key"
	case "http", "basic":
		switch {
		case strings.HasSuffix(v, "_USERNAME"):
			return "user name for HTTP basic authentication"
		case strings.HasSuffix(v, "_PASSWORD"):
			return "password for HTTP basic authentication"
		case strings.EqualFold(s.Scheme, "bearer"):
			return "bearer token"
		}
		return "credentials for HTTP " + s.Scheme + " authentication"
	case "oauth2", "openidconnect":
		switch {
		case strings.HasSuffix(v, "_CLIENT_ID"):
			return "OAuth2 client ID for the client credentials flow"
		case strings.HasSuffix(v, "_CLIENT_SECRET"):
			return "OAuth2 client secret for the client credentials flow"
		case strings.HasSuffix(v, "_TOKEN_URL"):
			return "optional token URL that overrides the spec's"
		case strings.HasSuffix(v, "_SCOPES"):
			return "optional scopes to request"
		}
		return "access token"
	}
	return "credential"
}

// envList is an ordered set of environment variable names.
type envList struct {
	names []string
	seen  map[string]bool
}

func (l *envList) add(name string) {
	if l.seen == nil {
		l.seen = map[string]bool{}
	}
	if !l.seen[name] {
		l.seen[name] = true
		l.names = append(l.names, name)
	}
}

// MarshalJSON writes the names as an object with empty values, in order.
func (l envList) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, n := range l.names {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(n)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteString(`:""`)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// claudeConfig is a Claude Desktop "mcpServers" entry for the server.
func claudeConfig(name string, env envList) (string, error) {
	type server struct {
		Command string  `json:"command"`
		Env     envList `json:"env"`
	}
	cfg := map[string]map[string]server{
		"mcpServers": {name: {Command: "/ABSOLUTE/PATH/TO/" + name, Env: env}},
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(cfg); err != nil {
		return "", err
	}
	return b.String(), nil
}
