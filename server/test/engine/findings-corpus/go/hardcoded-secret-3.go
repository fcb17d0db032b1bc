// expect: security/hardcoded-secret@12
package config

type Database struct {
	User     string
	Password string
}

func Default() Database {
	return Database{
		User:     "reporting",
		Password: "Winter2024-reporting",
	}
}
