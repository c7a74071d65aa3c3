import CoffeeEntity
import Database

extension SQLiteOrderRepository {
    /// The schema, one migration per version; `AppDatabase` runs each in its own transaction.
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: menu and orders") { db in
            try db.execute(sql: """
                CREATE TABLE menuItem (
                    name TEXT PRIMARY KEY COLLATE NOCASE,
                    position INTEGER NOT NULL,
                    small INTEGER NOT NULL CHECK (small >= 0),
                    medium INTEGER NOT NULL CHECK (medium >= 0),
                    large INTEGER NOT NULL CHECK (large >= 0)
                );
                CREATE TABLE coffeeOrder (
                    id TEXT PRIMARY KEY NOT NULL,
                    customer TEXT NOT NULL CHECK (length(customer) >= 1),
                    customerKey TEXT NOT NULL,
                    coffee TEXT NOT NULL,
                    size TEXT NOT NULL CHECK (size IN ('small', 'medium', 'large')),
                    totalCents INTEGER NOT NULL CHECK (totalCents >= 0),
                    status TEXT NOT NULL CHECK (status IN ('placed', 'preparing', 'ready', 'completed', 'cancelled')),
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL
                );
                CREATE INDEX coffeeOrder_createdAt ON coffeeOrder (createdAt);
                CREATE INDEX coffeeOrder_customerKey ON coffeeOrder (customerKey);
                CREATE INDEX coffeeOrder_status ON coffeeOrder (status);
                """)
            for (position, item) in Menu.standard.items.enumerated() {
                try db.execute(
                    sql: "INSERT INTO menuItem (name, position, small, medium, large) VALUES (?, ?, ?, ?, ?)",
                    arguments: [item.name, position, item.prices.small, item.prices.medium, item.prices.large])
            }
        }
        return migrator
    }
}
