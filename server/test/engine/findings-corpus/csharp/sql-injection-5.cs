// expect: security/sql-injection@22
using System;
using Microsoft.Data.Sqlite;

namespace Tools.Purge;

public static class Program
{
    public static int Main(string[] args)
    {
        if (args.Length < 1)
        {
            Console.Error.WriteLine("usage: purge <table>");
            return 2;
        }

        var table = args[0];
        using var connection = new SqliteConnection("Data Source=app.db");
        connection.Open();

        using var command = connection.CreateCommand();
        command.CommandText = "DELETE FROM " + table + " WHERE CreatedAt < date('now', '-90 day')";
        var removed = command.ExecuteNonQuery();
        Console.WriteLine($"removed {removed} rows from {table}");
        return 0;
    }
}
