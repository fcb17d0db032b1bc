// expect: best_practices/discarded-error@24
package config

import (
	"encoding/json"
	"os"
)

type Config struct {
	Port int `json:"port"`
}

func parseConfig(raw []byte) (Config, error) {
	var c Config
	err := json.Unmarshal(raw, &c)
	return c, err
}

func Load(path string) Config {
	raw, err := os.ReadFile(path)
	if err != nil {
		return Config{Port: 8080}
	}
	c, _ := parseConfig(raw)
	return c
}
