import axios from "axios";

// Every call through this instance goes to the shop server's /api prefix.
export const http = axios.create({
  baseURL: "http://localhost:3000/api",
  timeout: 5000,
});
