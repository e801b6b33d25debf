/** Tailwind v4 through PostCSS, as `shadcn init` sets it up for Next.js. */
const config = {
  plugins: {
    "@tailwindcss/postcss": {},
  },
};

export default config;
