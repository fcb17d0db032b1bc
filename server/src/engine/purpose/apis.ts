/**
 * A catalogue of well-known APIs and what calling each means: reading a file,
 * running a shell command, querying a database. Side effects are said only
 * when a call matches an entry here, never guessed from a name. An entry that
 * matches a method on any object (`.execute`) applies only when the snippet
 * imports the library that makes it meaningful.
 */
import type { LanguageId } from '@code-explain/shared';
import type { EffectKind } from './model.js';

interface Entry {
  /** Matched against the whole callee as written (`subprocess.run`, `fs.readFileSync`, `.query`). */
  readonly callee: RegExp;
  readonly effect: EffectKind;
  /** Only when an import's source matches. */
  readonly requires?: RegExp;
}

const e = (callee: RegExp, effect: EffectKind, requires?: RegExp): Entry =>
  requires ? { callee, effect, requires } : { callee, effect };

const JS: readonly Entry[] = [
  e(
    /^(fs(\.promises)?|fsp|fs\/promises)\.(readFile|readFileSync|createReadStream|readdir|readdirSync|stat|statSync|access|existsSync)$/,
    'reads-file',
  ),
  e(
    /^(fs(\.promises)?|fsp)\.(writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|mkdir|mkdirSync|rm|rmSync|unlink|unlinkSync|rename|renameSync|copyFile)$/,
    'writes-file',
  ),
  e(/^(readFile|readFileSync|readdir)$/, 'reads-file', /^(node:)?fs(\/promises)?$/),
  e(/^(writeFile|writeFileSync|appendFile|mkdir|rm|unlink)$/, 'writes-file', /^(node:)?fs(\/promises)?$/),
  e(/^(child_process\.|cp\.)?(exec|execSync)$/, 'shell', /^(node:)?child_process$/),
  e(
    /^(child_process\.|cp\.)?(spawn|spawnSync|execFile|execFileSync|fork)$/,
    'process',
    /^(node:)?child_process$/,
  ),
  e(
    /^(fetch|axios(\.(get|post|put|delete|patch|request))?|got(\.(get|post))?|https?\.(get|request)|superagent\.\w+)$/,
    'http-request',
  ),
  e(
    /^(\w+\.)?(query|execute)$/,
    'database',
    /^(pg|mysql2?(\/promise)?|sqlite3?|better-sqlite3|mssql|oracledb|knex|postgres)$/,
  ),
  e(
    /^(\w+\.)?(find|findOne|insertOne|insertMany|updateOne|updateMany|deleteOne|deleteMany|aggregate|countDocuments)$/,
    'database',
    /^(mongodb|mongoose)$/,
  ),
  e(/^(\w+\.)?(createServer|listen)$/, 'http-server', /^(node:)?(http|https|http2|net|express|koa|fastify)$/),
  e(
    /^document\.(querySelector|querySelectorAll|getElementById|getElementsByClassName|getElementsByTagName)$/,
    'dom-read',
  ),
  e(
    /^document\.(write|writeln|createElement|createTextNode)$|\.(appendChild|insertBefore|replaceChildren|insertAdjacentHTML|setAttribute|removeChild|append|prepend)$/,
    'dom-write',
  ),
  e(
    /^console\.(log|info|warn|error|debug|trace)$|^(logger|log)\.(info|warn|error|debug|trace|fatal)$/,
    'log',
  ),
  e(
    /^(crypto\.)?(createHash|createHmac|createCipheriv|createDecipheriv|randomBytes|pbkdf2|pbkdf2Sync|scrypt|scryptSync)$|^crypto\.subtle\.\w+$|^(bcrypt|argon2)\.\w+$/,
    'crypto',
  ),
  e(/^(Date\.now|performance\.now|new Date)$/, 'clock'),
  e(/^(setTimeout|setInterval|setImmediate|requestAnimationFrame|queueMicrotask)$/, 'timer'),
  e(/^(Math\.random|crypto\.randomUUID|crypto\.getRandomValues)$/, 'random'),
  e(/^process\.env(\.\w+)?$/, 'env'),
  e(/^process\.exit$/, 'exit'),
  e(/^(eval|new Function)$/, 'eval'),
  e(/^JSON\.stringify$/, 'serialise'),
  e(/^JSON\.parse$/, 'parse-data'),
  e(/^(new Worker)$/, 'thread'),
  e(/^(localStorage|sessionStorage)\.(getItem|setItem|removeItem)$/, 'file-system'),
  e(/^(new WebSocket|net\.connect|net\.createConnection)$/, 'network'),
];

const PYTHON: readonly Entry[] = [
  e(/^open$|^(io|codecs)\.open$|^\w+\.(read_text|read_bytes)$/, 'reads-file'),
  e(
    /^(os\.(listdir|scandir|walk|stat)|os\.path\.(exists|isfile|isdir|getsize)|glob\.glob|shutil\.copy\w*|os\.makedirs|os\.mkdir)$/,
    'file-system',
  ),
  e(
    /^(os\.(remove|unlink|rename|replace|rmdir)|shutil\.(rmtree|move)|\w+\.(write_text|write_bytes))$/,
    'writes-file',
  ),
  e(/^(os\.system|os\.popen|subprocess\.getoutput|subprocess\.getstatusoutput)$/, 'shell'),
  e(/^subprocess\.(run|call|check_call|check_output|Popen)$|^os\.(exec\w+|spawn\w+)$/, 'process'),
  e(
    /^(requests|httpx)\.(get|post|put|delete|patch|head|request)$|^urllib\.request\.urlopen$|^urlopen$|^(session|client)\.(get|post|put|delete)$/,
    'http-request',
  ),
  e(
    /^(\w+\.)*(execute|executemany|executescript|fetchone|fetchall|fetchmany)$/,
    'database',
    /^(sqlite3|psycopg2?|pymysql|MySQLdb|mysql\.connector|cx_Oracle|oracledb|pyodbc|sqlalchemy)/,
  ),
  e(
    /^(\w+\.)*(find|find_one|insert_one|insert_many|update_one|update_many|delete_one|delete_many|aggregate)$/,
    'database',
    /^(pymongo|motor)/,
  ),
  e(
    /^(logging|logger|log|LOGGER|_log|_logger)\.(debug|info|warning|warn|error|exception|critical|log)$/,
    'log',
  ),
  e(/^print$|^sys\.stdout\.write$|^sys\.stderr\.write$/, 'print'),
  e(/^input$|^sys\.stdin\.(read|readline|readlines)$/, 'stdin'),
  e(/^(hashlib\.\w+|hmac\.new|hmac\.compare_digest|secrets\.\w+|bcrypt\.\w+)$/, 'crypto'),
  e(
    /^(time\.(time|monotonic|perf_counter|time_ns)|datetime\.(now|utcnow|today)|datetime\.datetime\.(now|utcnow)|date\.today)$/,
    'clock',
  ),
  e(/^(time\.sleep|asyncio\.sleep)$/, 'sleep'),
  e(/^random\.\w+$/, 'random'),
  e(
    /^(threading\.Thread|Thread|multiprocessing\.Process|concurrent\.futures\.\w+Executor|ThreadPoolExecutor|ProcessPoolExecutor)$/,
    'thread',
  ),
  e(
    /^(\w+\.)*(acquire)$|^(threading\.)?(Lock|RLock|Condition|Semaphore)$/,
    'lock',
    /^(threading|multiprocessing)/,
  ),
  e(/^(os\.getenv|os\.environ\.get|os\.environ)$/, 'env'),
  e(/^(sys\.exit|exit|quit|os\._exit)$/, 'exit'),
  e(/^(eval|exec|compile)$/, 'eval'),
  e(/^(json\.dumps?|pickle\.dumps?|yaml\.(safe_)?dump|marshal\.dumps?)$/, 'serialise'),
  e(
    /^(json\.loads?|pickle\.loads?|yaml\.(safe_)?load|marshal\.loads?|ast\.literal_eval|csv\.(reader|DictReader))$/,
    'parse-data',
  ),
  e(/^(socket\.socket|socket\.create_connection)$/, 'network'),
];

const JAVA: readonly Entry[] = [
  e(
    /^(Files\.(readAllLines|readAllBytes|readString|lines|newBufferedReader|newInputStream|exists|list|walk)|new (FileReader|FileInputStream|BufferedReader|Scanner))$/,
    'reads-file',
  ),
  e(
    /^(Files\.(write|writeString|newBufferedWriter|newOutputStream|delete|deleteIfExists|createDirectories|copy|move)|new (FileWriter|FileOutputStream|PrintWriter))$/,
    'writes-file',
  ),
  e(/^Runtime\.getRuntime\(\)\.exec$/, 'process'),
  e(/^(new ProcessBuilder)$/, 'process'),
  e(/^(HttpClient\.\w+|\w+\.send|\w+\.sendAsync|new URL|\w+\.openConnection)$/, 'http-request', /^java\.net/),
  e(
    /^(\w+\.)*(executeQuery|executeUpdate|execute|prepareStatement|createStatement|prepareCall)$/,
    'database',
    /^(java\.sql|javax\.sql)/,
  ),
  e(/^(\w*[lL]og(ger)?|LOG|LOGGER)\.(trace|debug|info|warn|warning|error|fatal|severe|fine|log)$/, 'log'),
  e(/^System\.(out|err)\.(println|print|printf|format)$/, 'print'),
  e(
    /^(MessageDigest\.getInstance|Cipher\.getInstance|Mac\.getInstance|KeyGenerator\.getInstance|new SecureRandom)$/,
    'crypto',
  ),
  e(
    /^(System\.currentTimeMillis|System\.nanoTime|Instant\.now|LocalDate\.now|LocalDateTime\.now|new Date)$/,
    'clock',
  ),
  e(/^(Thread\.sleep|TimeUnit\.\w+\.sleep)$/, 'sleep'),
  e(/^(Math\.random|new Random|ThreadLocalRandom\.current)$/, 'random'),
  e(
    /^(new Thread|Executors\.\w+|\w+\.submit|CompletableFuture\.(runAsync|supplyAsync))$/,
    'thread',
    /^java\.util\.concurrent|^java\.lang/,
  ),
  e(/^new Thread$/, 'thread'),
  e(/^(\w+\.)?(lock|lockInterruptibly|tryLock|acquire|await)$/, 'lock', /^java\.util\.concurrent/),
  e(/^System\.(getenv|getProperty)$/, 'env'),
  e(/^System\.exit$/, 'exit'),
  e(/^(new ObjectInputStream|\w+\.readObject)$/, 'parse-data'),
];

const GO: readonly Entry[] = [
  e(
    /^(os\.(ReadFile|Open|ReadDir|Stat|Lstat)|ioutil\.(ReadFile|ReadDir)|io\.ReadAll|bufio\.NewScanner|bufio\.NewReader)$/,
    'reads-file',
  ),
  e(
    /^(os\.(WriteFile|Create|OpenFile|Remove|RemoveAll|Mkdir|MkdirAll|Rename)|ioutil\.WriteFile)$/,
    'writes-file',
  ),
  e(/^exec\.(Command|CommandContext)$/, 'process'),
  e(
    /^(http\.(Get|Post|PostForm|Head|NewRequest|NewRequestWithContext)|\w+\.Do)$/,
    'http-request',
    /^net\/http$/,
  ),
  e(/^http\.(ListenAndServe|ListenAndServeTLS|HandleFunc|Handle|NewServeMux)$/, 'http-server'),
  e(
    /^(\w+\.)*(Query|QueryRow|QueryContext|QueryRowContext|Exec|ExecContext|Prepare|PrepareContext|Begin|BeginTx)$/,
    'database',
    /^database\/sql$|jmoiron\/sqlx|jackc\/pgx/,
  ),
  e(
    /^(log\.(Print|Printf|Println|Fatal|Fatalf|Fatalln|Panic|Panicf)|slog\.(Info|Warn|Error|Debug)|\w*[lL]ogger\.(Info|Warn|Error|Debug|Infof|Errorf|Warnf|Debugf))$/,
    'log',
  ),
  e(/^fmt\.(Print|Printf|Println|Fprint|Fprintf|Fprintln)$/, 'print'),
  e(/^(sha256|sha1|sha512|md5|hmac|aes|cipher|rsa|bcrypt)\.\w+$/, 'crypto'),
  e(/^time\.(Now|Since|Until)$/, 'clock'),
  e(/^time\.(Sleep|After|Tick|NewTimer|NewTicker)$/, 'sleep'),
  e(/^(rand\.\w+)$/, 'random'),
  e(/^(\w+\.)*(Lock|RLock|Wait)$/, 'lock', /^sync$/),
  e(/^os\.(Getenv|LookupEnv|Environ)$/, 'env'),
  e(/^os\.Exit$|^log\.Fatal\w*$/, 'exit'),
  e(/^json\.(Marshal|MarshalIndent|NewEncoder)$/, 'serialise'),
  e(/^json\.(Unmarshal|NewDecoder)$/, 'parse-data'),
  e(/^net\.(Dial|DialTimeout|Listen)$/, 'network'),
];

const CSHARP: readonly Entry[] = [
  e(/^File\.(ReadAllText|ReadAllLines|ReadAllBytes|OpenRead|Exists)$|^new StreamReader$/, 'reads-file'),
  e(
    /^File\.(WriteAllText|WriteAllLines|WriteAllBytes|AppendAllText|Delete|Move|Copy)$|^new StreamWriter$/,
    'writes-file',
  ),
  e(/^Process\.Start$/, 'process'),
  e(
    /^(\w+\.)?(GetAsync|PostAsync|PutAsync|DeleteAsync|SendAsync|GetStringAsync)$/,
    'http-request',
    /^System\.Net\.Http/,
  ),
  e(
    /^(\w+\.)?(ExecuteReader|ExecuteNonQuery|ExecuteScalar|ExecuteReaderAsync|ExecuteNonQueryAsync)$/,
    'database',
  ),
  e(/^Console\.(WriteLine|Write)$/, 'print'),
  e(/^Console\.(ReadLine|Read|ReadKey)$/, 'stdin'),
  e(/^(_?[lL]ogger|_log|Log)\.(Log\w*|Info|Warn|Error|Debug)$/, 'log'),
  e(/^(DateTime\.(Now|UtcNow)|Stopwatch\.StartNew)$/, 'clock'),
  e(/^(Thread\.Sleep|Task\.Delay)$/, 'sleep'),
  e(/^new Random$|^Random\.Shared\.\w+$/, 'random'),
  e(/^Environment\.(GetEnvironmentVariable|Exit)$/, 'env'),
  e(/^(Task\.Run|new Thread|ThreadPool\.QueueUserWorkItem)$/, 'thread'),
];

const RUST: readonly Entry[] = [
  e(/^(fs::(read_to_string|read|read_dir|metadata)|File::open|std::fs::\w+)$/, 'reads-file'),
  e(/^(fs::(write|create_dir_all|remove_file|remove_dir_all|rename|copy)|File::create)$/, 'writes-file'),
  e(/^(Command::new|std::process::Command::new)$/, 'process'),
  e(/^(println!|print!|eprintln!|eprint!)$/, 'print'),
  e(/^(log::)?(info!|warn!|error!|debug!|trace!)$/, 'log'),
  e(/^(env::var|env::args|std::env::var|std::env::args)$/, 'env'),
  e(/^(thread::spawn|std::thread::spawn|tokio::spawn)$/, 'thread'),
  e(/^(\w+\.)?(lock|read|write)$/, 'lock', /^std::sync|Mutex|RwLock/),
  e(/^(Instant::now|SystemTime::now)$/, 'clock'),
  e(/^(thread::sleep|tokio::time::sleep)$/, 'sleep'),
  e(/^(process::exit|std::process::exit)$/, 'exit'),
  e(/^(reqwest::get|\w+\.send)$/, 'http-request', /^reqwest/),
];

const GENERIC: readonly Entry[] = [
  e(/^(system|exec|shell_exec|passthru|popen|proc_open|`)$/, 'shell'),
  e(
    /^(fopen|file_get_contents|file|fread|fgets|readfile|File\.read|File\.readlines|IO\.readlines|fs::read_to_string)$/,
    'reads-file',
  ),
  e(/^(fwrite|file_put_contents|fputs|File\.write|unlink)$/, 'writes-file'),
  e(/^(printf|puts|echo|print|println|print_r|var_dump|NSLog)$/, 'print'),
  e(/^(getenv|ENV\.fetch|ENV\[\]|System\.getenv)$/, 'env'),
  e(/^(curl_exec|Net::HTTP\.\w+|URLSession\.shared\.dataTask)$/, 'http-request'),
  e(/^(time|microtime|Time\.now|Date\(\)|clock_gettime|gettimeofday)$/, 'clock'),
  e(/^(sleep|usleep|Thread\.sleep)$/, 'sleep'),
  e(/^(rand|mt_rand|random_int|srand|arc4random)$/, 'random'),
  e(/^(pthread_create|Thread\.new)$/, 'thread'),
  e(/^(pthread_mutex_lock|\w+\.synchronize)$/, 'lock'),
  e(/^(exit|abort|die)$/, 'exit'),
  e(/^(eval|instance_eval|class_eval)$/, 'eval'),
];

const CATALOGUES: Record<LanguageId, readonly Entry[]> = {
  javascript: JS,
  typescript: JS,
  tsx: JS,
  python: PYTHON,
  java: JAVA,
  go: GO,
  csharp: CSHARP,
  rust: RUST,
  c: GENERIC,
  cpp: GENERIC,
  php: GENERIC,
  ruby: GENERIC,
  kotlin: [...JAVA, ...GENERIC],
  swift: GENERIC,
  bash: GENERIC,
};

/** What calling `callee` means, if the catalogue knows it, given the snippet's imports. */
export function effectOf(
  language: LanguageId,
  callee: string,
  imports: readonly string[],
): EffectKind | undefined {
  for (const entry of CATALOGUES[language]) {
    if (!entry.callee.test(callee)) continue;
    if (entry.requires && !imports.some((source) => entry.requires!.test(source))) continue;
    return entry.effect;
  }
  return undefined;
}

/** What an effect means, as the predicate of a sentence ("it reads a file"). */
export const EFFECT_PHRASES: Record<EffectKind, string> = {
  'reads-file': 'reads a file',
  'writes-file': 'writes to the file system',
  'file-system': 'works with files or storage',
  shell: 'runs a shell command',
  process: 'starts another program',
  'http-request': 'sends an HTTP request',
  'http-server': 'serves HTTP',
  database: 'queries a database',
  'dom-read': 'reads elements of the page',
  'dom-write': 'changes the page (DOM)',
  log: 'writes to the log',
  print: 'prints output',
  stdin: 'reads standard input',
  crypto: 'uses cryptography',
  clock: 'reads the clock',
  sleep: 'pauses',
  random: 'uses random numbers',
  thread: 'runs work on another thread',
  lock: 'takes a lock, which may block',
  env: 'reads the environment',
  network: 'opens a network connection',
  timer: 'schedules work for later',
  exit: 'can end the process',
  eval: 'evaluates code built at run time',
  serialise: 'serialises data',
  'parse-data': 'parses serialised data',
};
