// expect: security/log-injection@8
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapPost("/webhooks/{source}", (string source, ILogger<Program> logger) =>
{
    var signature = source.Length;
    logger.LogWarning($"Webhook received from {source}");
    return Results.Accepted();
});

app.Run();
