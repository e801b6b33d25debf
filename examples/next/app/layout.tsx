import { LabelsProvider } from "hitl-kit";
import type { Metadata } from "next";
import type { ReactNode } from "react";
// The kit's default styles (light and dark), then this example's page layout.
import "hitl-kit/styles.css";
import "./globals.css";

export const metadata: Metadata = {
  title: "hitl-kit · Next.js example",
  description: "Typed human-in-the-loop pickers in a Next.js App Router chat page.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        {/* A kit client component rendered straight from this server component: this works because the
            kit's React entry keeps "use client" in its build. Only plain strings cross the boundary
            (formatting-function labels would have to be set in a client component). */}
        <LabelsProvider labels={{ renderer: { region: "Questions from the agent" } }}>{children}</LabelsProvider>
      </body>
    </html>
  );
}
