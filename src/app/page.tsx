import { redirect } from "next/navigation";
import { getAppContext } from "@/server/app-context";

export default async function Home() {
  await getAppContext();
  redirect("/projects");
}
