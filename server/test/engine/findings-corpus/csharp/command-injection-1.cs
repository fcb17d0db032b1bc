// expect: security/command-injection@9
using System.Diagnostics;

var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/tools/ping", async (string host) =>
{
    var psi = new ProcessStartInfo("/bin/sh", $"-c \"ping -c 3 {host}\"")
    {
        RedirectStandardOutput = true,
        UseShellExecute = false,
    };
    using var process = Process.Start(psi)!;
    var output = await process.StandardOutput.ReadToEndAsync();
    await process.WaitForExitAsync();
    return Results.Text(output);
});

app.Run();
