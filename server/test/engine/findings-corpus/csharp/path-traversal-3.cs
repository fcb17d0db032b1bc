// expect: security/path-traversal@8
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapPost("/notes/{title}", async (string title, HttpRequest request) =>
{
    using var reader = new StreamReader(request.Body);
    await File.WriteAllTextAsync("/var/app/notes/" + title + ".md", await reader.ReadToEndAsync());
    return Results.Created($"/notes/{title}", null);
});

app.Run();
