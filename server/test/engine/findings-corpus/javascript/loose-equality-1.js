// expect: best_practices/loose-equality@3
function isAdmin(user) {
  return user.role == 'admin';
}
