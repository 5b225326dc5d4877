print("Signals playgrounds: coming soon")
