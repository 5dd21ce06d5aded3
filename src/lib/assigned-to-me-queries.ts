/** The searches behind the home page's "Assigned to me" (list-assigned-to-me): the viewer's own issues, and their teams'. */
export const assignedToMeQuery = "assigned:me is:unresolved";
export const assignedToMyTeamsQuery = "assigned:my_teams is:unresolved";
