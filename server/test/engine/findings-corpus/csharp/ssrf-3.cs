// silent: security/ssrf
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient();
var app = builder.Build();

app.MapGet("/weather/{city}", async (string city, IHttpClientFactory factory) =>
{
    var client = factory.CreateClient();
    var json = await client.GetStringAsync($"https://api.weather.example.com/v1/current?city={Uri.EscapeDataString(city)}");
    return Results.Content(json, "application/json");
});

app.Run();
