// expect: security/hardcoded-secret@9
package config

import "os"

func LoadDefaults() {
	os.Setenv("APP_ENV", "production")
	os.Setenv("LOG_LEVEL", "info")
	os.Setenv("STRIPE_API_KEY", "sk_live_4eC39HqLyjWDarjtT1zdp7dc")
}
